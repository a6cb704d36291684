#include "bench/suite.hpp"

#include <algorithm>
#include <iostream>
#include <regex>
#include <sstream>

#include "build_info.hpp"
#include "error.hpp"
#include "measure/bandwidth.hpp"
#include "measure/protocol.hpp"
#include "ocl/errors.hpp"
#include "stats.hpp"

namespace filterlab::bench {
namespace {

// Untimed runs before every measurement: clocks, caches, lazily allocated temporaries.
constexpr int kWarmupRuns = 2;

// A registered variant's timed run as a case of the timing protocol: a sample is one filtering,
// timed by its launches' profiling events as every experiment times it; check() asks the oracle.
class TimedRunCase : public measure::LaunchCase {
 public:
  TimedRunCase(cl::CommandQueue& queue, TimedRun& run, const std::string& name)
      : LaunchCase(
            queue, [&run] { return run.enqueue(); }, name),
        run_(run) {}
  std::string check() override { return run_.check(); }

 private:
  TimedRun& run_;
};

std::string message_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const cl::Error& e) {
    try {
      ocl::rethrow(e, "");
    } catch (const std::exception& t) {
      return t.what();
    }
  } catch (const Unsupported& e) {
    return std::string("unsupported on this device: ") + e.what();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "unknown error";
}

// Whether --benchmark_filter selects `name` (as the library names it, "/manual_time" included):
// the library's rule (an extended regular expression searched in the name; "" and "all" select
// everything; a leading '-' negates). A device it misses is opened by its first benchmark.
bool selected(const std::string& filter, const std::string& name) {
  if (filter.empty() || filter == "all") return true;
  const bool negated = filter.front() == '-';
  try {
    const bool found = std::regex_search(name, std::regex(negated ? filter.substr(1) : filter, std::regex::extended));
    return found != negated;
  } catch (const std::regex_error&) {
    return true;  // the library reports a bad expression itself
  }
}

}  // namespace

std::string benchmark_name(const std::string& variant_id, const std::string& case_name, int width, int height,
                           const std::string& device_slug) {
  return variant_id + "/" + case_name + "/" + std::to_string(width) + "x" + std::to_string(height) + "/" + device_slug;
}

Suite::Suite(BenchOptions options, const std::vector<ocl::Device>& devices) : options_(std::move(options)) {
  for (const auto& d : devices) {
    Slot s;
    s.device = d;
    s.slug = d.info.slug;
    // Two identical devices (a multi-GPU host) get distinct names.
    for (int n = 2; std::any_of(slots_.begin(), slots_.end(), [&](const Slot& o) { return o.slug == s.slug; }); ++n)
      s.slug = d.info.slug + "-" + std::to_string(n);
    slots_.push_back(std::move(s));
  }
}

Suite::~Suite() { prepared_ = Prepared{}; }  // device memory before the runtimes that own it

std::size_t Suite::register_all() {
  for (const auto& v : registered_filter_variants())
    for (const auto& c : v->verify_cases()) {
      if (!options_.cases.empty() && std::find(options_.cases.begin(), options_.cases.end(), c) == options_.cases.end())
        continue;
      for (const auto& [w, h] : options_.sizes)
        for (std::size_t s = 0; s < slots_.size(); ++s) {
          auto bc = std::make_unique<Case>();
          *bc = Case{v, c, benchmark_name(v->id(), c, w, h, slots_[s].slug), w, h, s};
          const Case* p = bc.get();
          benchmark::RegisterBenchmark(p->name.c_str(), [this, p](benchmark::State& st) { run(st, *p); })
              ->UseManualTime()
              ->Unit(benchmark::kMicrosecond);
          cases_.push_back(std::move(bc));
        }
    }
  return cases_.size();
}

void Suite::open(Slot& slot) {
  if (slot.rt) return;
  auto rt = std::make_unique<ocl::Runtime>(slot.device);
  std::cerr << "filterlab-bench: " << slot.device.info.name << ": measuring copy bandwidth\n";
  slot.copy_GBps = measure::measure_copy_bandwidth(*rt, options_.bandwidth_bytes).best_GBps();
  slot.rt = std::move(rt);  // only once the roofline is known (a failed probe is tried again)
}

void Suite::open_devices(const std::string& benchmark_filter) {
  benchmark::AddCustomContext("filterlab_commit", std::string(kCommit) + (kCommitDirty ? "-dirty" : ""));
  benchmark::AddCustomContext("filterlab_version", kVersion);
  std::string sizes;
  for (const auto& [w, h] : options_.sizes)
    sizes += (sizes.empty() ? "" : ",") + std::to_string(w) + "x" + std::to_string(h);
  benchmark::AddCustomContext("filterlab_sizes", sizes);
  benchmark::AddCustomContext("filterlab_time",
                              "device time: the sum of one filtering's launches' profiling-event durations; "
                              "counters from the median of the kept samples");
  for (std::size_t s = 0; s < slots_.size(); ++s) {
    auto& slot = slots_[s];
    const bool used = std::any_of(cases_.begin(), cases_.end(), [&](const auto& c) {
      return c->slot == s && selected(benchmark_filter, c->name + "/manual_time");
    });
    if (!used) continue;
    open(slot);
    const auto& d = slot.device.info;
    const std::string k = "device." + slot.slug + ".";
    benchmark::AddCustomContext(k + "name", d.name);
    benchmark::AddCustomContext(k + "platform", d.platform + " (" + d.platform_version + ")");
    benchmark::AddCustomContext(k + "driver", d.driver_version);
    benchmark::AddCustomContext(k + "opencl", d.device_version);
    benchmark::AddCustomContext(k + "type", d.type);
    std::ostringstream bw;
    bw << slot.copy_GBps;
    benchmark::AddCustomContext(k + "copy_GBps", bw.str());
  }
}

void Suite::prepare(const Case& c) {
  prepared_ = Prepared{};  // free the previous benchmark's device memory first
  prepared_.name = c.name;
  try {
    auto& slot = slots_[c.slot];
    open(slot);
    auto run = c.variant->timed_run(*slot.rt, c.width, c.height, c.case_name);
    if (!run) {
      prepared_.error = c.variant->id() + " has no timed form (the " + c.variant->family() +
                        " family times nothing that filters one image)";
      return;
    }
    run->enqueue();
    const std::string wrong = run->check();
    if (!wrong.empty()) {
      prepared_.error = "wrong output, not timed: " + wrong;
      return;
    }
    prepared_.run = std::move(run);
  } catch (...) {
    prepared_.error = message_of(std::current_exception());
  }
}

void Suite::run(benchmark::State& state, const Case& c) {
  if (prepared_.name != c.name) prepare(c);
  if (!prepared_.run) {
    state.SkipWithError(prepared_.error.c_str());
    return;
  }
  auto& timed = *prepared_.run;
  const auto what = timed.describe();
  if (!what.empty()) state.SetLabel(what);
  auto& slot = slots_[c.slot];
  // The protocol's warm-up; then each of the library's iterations is one protocol sample, and the
  // oracle judges the output once more after the last (a run that changed is not reported).
  TimedRunCase timed_case(slot.rt->queue, timed, c.name);
  std::string wrong;
  try {
    measure::Protocol warm_up;
    warm_up.warmup = kWarmupRuns;
    warm_up.rounds = 0;
    warm_up.check_after = false;
    measure::measure({&timed_case}, warm_up);
    for (auto _ : state) {
      timed_case.sample(timed_case.samples);
      state.SetIterationTime(timed_case.samples.kernel_ms.back() * 1e-3);
    }
    wrong = timed_case.check();
  } catch (...) {
    prepared_.error = message_of(std::current_exception());
    prepared_.run.reset();
    state.SkipWithError(prepared_.error.c_str());
    return;
  }
  if (!wrong.empty()) {
    prepared_.error = "differed from the oracle after it was timed (times not kept): " + wrong;
    prepared_.run.reset();
    state.SkipWithError(prepared_.error.c_str());
    return;
  }
  const Summary kernel = summarize(timed_case.samples.kernel_ms);
  const double median_s = kernel.median * 1e-3;
  const double bytes_per_second = timed.min_bytes() / median_s;
  state.counters["kernel_ms_median"] = kernel.median;
  state.counters["kernel_ms_ci95_low"] = kernel.ci95_low;
  state.counters["kernel_ms_ci95_high"] = kernel.ci95_high;
  state.counters["bytes_per_second"] = bytes_per_second;
  state.counters["pixels_per_second"] = timed.pixels() / median_s;
  state.counters["roofline"] = bytes_per_second / (slot.copy_GBps * 1e9);
  state.counters["min_bytes"] = timed.min_bytes();
  state.counters["copy_GBps"] = slot.copy_GBps;
}

}  // namespace filterlab::bench
