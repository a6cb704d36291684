#include "tuner/user_kernel_space.hpp"

#include <cstdio>
#include <iostream>

#include "imagecl/user_check.hpp"
#include "tuner/measure.hpp"
#include "tuner/parallel.hpp"

namespace filterlab::tuner {

UserKernelSpace::UserKernelSpace(ocl::Runtime& rt, const imagecl::KernelSpace& ks, const std::string& source_sha256,
                                 imagecl::Args args, std::map<std::string, ref::Image> reference,
                                 const std::string& inputs, const UserTiming& timing,
                                 std::map<std::string, ref::Image> spread)
    : rt_(rt),
      ks_(ks),
      args_(std::move(args)),
      reference_(std::move(reference)),
      spread_(std::move(spread)),
      timing_(timing) {
  name_ = "imagecl-user." + ks.kernel + "@" + source_sha256.substr(0, 12);
  // The tool builds user kernels exact (FP_CONTRACT OFF ahead of the generated source, tool_opencl),
  // so both values of `exact` build one kernel: search one.
  for (const auto& p : ks.params)
    params_.push_back({p.name, p.name == "exact" ? std::vector<long>{p.values.front()} : p.values});
  setup_ = inputs + "; warmup " + std::to_string(timing.warmup) + " repetitions " + std::to_string(timing.repetitions);
}

std::string UserKernelSpace::violation(const Point& p) const { return imagecl::violation(ks_, p, rt_.device.info); }

std::string UserKernelSpace::id(const Point& p) const { return imagecl::config_id(ks_, p); }

void UserKernelSpace::prepare(const std::vector<Point>& points) {
  std::vector<Point> valid;
  for (const auto& p : points)
    if (violation(p).empty()) valid.push_back(p);
  parallel_for(valid.size(), 0, [&](std::size_t i) {
    try {
      imagecl::Launcher(rt_, ks_, valid[i]);  // the build lands in the program cache
    } catch (...) {
      // evaluate() builds it again and records why it fails
    }
  });
}

Measurement UserKernelSpace::evaluate(const Point& p) {
  Measurement m = start_evaluation(*this, p, true);
  if (m.valid()) {
    Invalid stage = Invalid::kBuild;
    try {
      imagecl::Launcher l(rt_, ks_, p);
      stage = Invalid::kLaunch;
      l.bind(args_);
      l.enqueue();
      rt_.queue.finish();
      std::map<std::string, ref::Image> device;
      for (const auto& [name, img] : reference_) device[name] = l.download(name);
      const auto j = imagecl::judge(ks_, device, reference_, timing_.float_tolerance, spread_);
      if (!j.passed) {
        m.invalid = Invalid::kWrongOutput;
        m.reason = "max |device - reference| " + std::to_string(j.max_diff) + " first at " + j.where;
      } else {
        time_kernel(m, rt_.queue, timing_.warmup, timing_.repetitions,
                    [&] { return std::vector<cl::Event>{l.enqueue()}; });
      }
      l.release();
    } catch (...) {
      record_failure(m, stage);
    }
    if (!m.valid()) {
      try {
        rt_.queue.finish();
      } catch (const std::exception& e) {
        m.reason += std::string(" (then finishing the queue failed: ") + e.what() + ")";
      }
    }
  }
  ++evaluated_;
  if (m.valid())
    std::fprintf(stderr, "tune: [%zu] %s %.6f ms\n", evaluated_, id(p).c_str(), m.time_ms);
  else
    std::fprintf(stderr, "tune: [%zu] %s %s: %s\n", evaluated_, id(p).c_str(), invalid_name(m.invalid).c_str(),
                 m.reason.c_str());
  return m;
}

}  // namespace filterlab::tuner
