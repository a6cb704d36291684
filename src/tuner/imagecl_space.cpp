#include "tuner/imagecl_space.hpp"

#include <algorithm>

#include "error.hpp"
#include "imagecl/launcher.hpp"
#include "tuner/measure.hpp"
#include "tuner/parallel.hpp"

namespace filterlab::tuner {
namespace {

std::size_t index_of(const imagecl::KernelSpace& s, const std::string& name) {
  for (std::size_t i = 0; i < s.params.size(); ++i)
    if (s.params[i].name == name) return i;
  throw Error("ImageCL kernel " + s.kernel + " has no parameter '" + name + "'",
              "fix its sub-space in src/tuner/imagecl_subspace.cpp");
}

const imagecl::Benchmark& benchmark_of(const std::string& kernel) {
  for (const auto& b : imagecl::benchmarks())
    if (std::find(b.kernels.begin(), b.kernels.end(), kernel) != b.kernels.end()) return b;
  throw Error("ImageCL kernel '" + kernel + "' belongs to no benchmark");
}

bool is_fused(const imagecl::KernelSpace& s) {
  return std::any_of(s.args.begin(), s.args.end(), [](const imagecl::SpaceArg& a) { return !a.stage.empty(); });
}

// The switches added after the sub-spaces and live searches were written (FP contraction, sliding
// rows, convert while staging, a fused kernel's interior split, register fusion and its fill window,
// the row split, the strip vectorisation, its fast conversions and edge lanes, the integer-exact sums): held at their
// first value unless a sub-space sets them, so the committed caches' points stay what they were.
bool later_switch(const imagecl::KernelSpace& s, const std::string& n) {
  return n == "exact" || n == "private_tile" || n == "fill_window" || n == "row_split" || n == "simd" ||
         n == "fast_round" || n == "fast_widen" || n == "lockstep" || n == "edge_lanes" ||
         n.rfind("integer_", 0) == 0 || n.rfind("slide_", 0) == 0 || n.rfind("convert_", 0) == 0 ||
         (n == "interior" && is_fused(s));
}

}  // namespace

int imagecl_side(const std::string& kernel, const ocl::DeviceInfo& dev, int cpu_divisor) {
  const auto& b = imagecl::computes(benchmark_of(kernel));  // a fused pipeline: its unfused benchmark's size
  const int side = b == "sepconv" ? 4096 : b == "conv2d_u8" ? 8192 : 5120;
  return dev.is_cpu() ? side / std::max(1, cpu_divisor) : side;
}

int check_side_for(int side) { return side <= 1031 ? side : 1031; }

imagecl::Config baseline_config(const imagecl::KernelSpace& s) {
  imagecl::Config c;
  for (const auto& p : s.params) c.push_back(p.name == "wg_x" ? 32 : p.name == "wg_y" ? 4 : p.values.front());
  return c;
}

ImageclSpace::ImageclSpace(ocl::Runtime* rt, const ocl::DeviceInfo& dev, const std::string& kernel, const SubSpace* sub,
                           const TimingSetup& timing)
    : rt_(rt), dev_(dev), ks_(imagecl::kernel_space(kernel)), timing_(timing), bench_(&benchmark_of(kernel)) {
  name_ = "imagecl." + kernel + (sub ? ":" + sub->kind : "");
  fixed_.assign(ks_.params.size(), 0);
  std::vector<bool> set(ks_.params.size(), false);
  if (!sub) {
    for (std::size_t i = 0; i < ks_.params.size(); ++i) {
      // The full spaces keep the shape their live searches were measured with: FP contraction stays
      // at OpenCL's default (the imagecl experiment times each tuned kernel's exact twin); sliding
      // rows, convert while staging and a fused kernel's interior split are searched in their
      // sub-spaces (slide, staged, split). Points and seeded pools stay those of the committed caches.
      if (later_switch(ks_, ks_.params[i].name)) {
        fixed_[i] = ks_.params[i].values.front();
        set[i] = true;
        continue;
      }
      params_.push_back({ks_.params[i].name, ks_.params[i].values});
      targets_.push_back({i});
      set[i] = true;
    }
  } else {
    for (const auto& sp : sub->params) {
      std::vector<std::size_t> t;
      for (const auto& n : sp.targets) {
        const auto i = index_of(ks_, n);
        for (long v : sp.values)
          if (std::find(ks_.params[i].values.begin(), ks_.params[i].values.end(), v) == ks_.params[i].values.end())
            throw Error("sub-space value " + std::to_string(v) + " of " + n + " is not in kernel " + kernel +
                        "'s space");
        t.push_back(i);
        set[i] = true;
      }
      params_.push_back({sp.name, sp.values});
      targets_.push_back(t);
    }
    for (const auto& f : sub->fixed) {
      const auto i = index_of(ks_, f.param);
      fixed_[i] = f.value < 0 ? ks_.params[i].values.back() : f.value;
      set[i] = true;
    }
  }
  for (std::size_t i = 0; i < set.size(); ++i) {
    if (!set[i] && later_switch(ks_, ks_.params[i].name)) {
      fixed_[i] = ks_.params[i].values.front();
      set[i] = true;
    }
  }
  for (std::size_t i = 0; i < set.size(); ++i)
    if (!set[i])
      throw Error("the sub-space of " + kernel + " neither tunes nor fixes '" + ks_.params[i].name + "'",
                  "list it in src/tuner/imagecl_subspace.cpp");
}

imagecl::Config ImageclSpace::config(const Point& p) const {
  if (p.size() != params_.size())
    throw Error("a point of " + name_ + " needs " + std::to_string(params_.size()) + " values");
  auto c = fixed_;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (auto t : targets_[i]) c[t] = p[i];
  return c;
}

std::string ImageclSpace::violation(const Point& p) const { return imagecl::violation(ks_, config(p), dev_); }

std::string ImageclSpace::id(const Point& p) const { return imagecl::config_id(ks_, config(p)); }

std::string ImageclSpace::setup() const {
  const int cs = timing_.check_side > 0 ? timing_.check_side : timing_.side;
  return std::to_string(timing_.side) + "x" + std::to_string(timing_.side) + " warmup " +
         std::to_string(timing_.warmup) + " repetitions " + std::to_string(timing_.repetitions) +
         (cs != timing_.side ? " checked on " + std::to_string(cs) + "x" + std::to_string(cs) : "") +
         (timing_.extra_build_options.empty() ? "" : " build options " + timing_.extra_build_options);
}

void ImageclSpace::prepare(const std::vector<Point>& points) {
  if (!rt_) return;
  std::vector<imagecl::Config> configs;
  for (const auto& p : points)
    if (violation(p).empty()) configs.push_back(config(p));
  parallel_for(configs.size(), 0, [&](std::size_t i) {
    try {
      imagecl::Launcher(*rt_, ks_, configs[i], timing_.extra_build_options);  // the build lands in the program cache
    } catch (...) {
      // evaluate() builds it again and records why it fails
    }
  });
}

Measurement ImageclSpace::evaluate(const Point& p) {
  Measurement m = start_evaluation(*this, p, rt_ != nullptr);
  if (!m.valid()) return m;
  if (!input_) {
    input_ = std::make_unique<ref::Image>(imagecl::benchmark_input(timing_.side, timing_.side, 20261122u));
    const int cs = timing_.check_side > 0 ? timing_.check_side : timing_.side;
    check_input_ = std::make_unique<ref::Image>(imagecl::benchmark_input(cs, cs, 20261123u));
    oracle_ = std::make_unique<ref::Image>(imagecl::benchmark_oracle(*bench_, *check_input_));
  }
  const auto c = config(p);
  Invalid stage = Invalid::kBuild;
  try {
    imagecl::Launcher l(*rt_, ks_, c, timing_.extra_build_options);  // builds (program cache), checks the work-group
    stage = Invalid::kLaunch;
    std::vector<imagecl::Config> configs;
    for (const auto& k : bench_->kernels)
      configs.push_back(k == ks_.kernel ? c : baseline_config(imagecl::kernel_space(k)));
    const auto o =
        imagecl::check_benchmark(*rt_, *bench_, configs, *check_input_, *oracle_, timing_.extra_build_options);
    if (!o.passed) {
      m.invalid = Invalid::kWrongOutput;
      m.reason = "max |device - oracle| " + std::to_string(o.max_diff) + " > " + std::to_string(o.tolerance) + " at " +
                 o.where;
      return m;
    }
    l.bind(imagecl::timing_args(ks_.kernel, *input_));
    time_kernel(m, rt_->queue, timing_.warmup, timing_.repetitions,
                [&] { return std::vector<cl::Event>{l.enqueue()}; });
    l.release();
  } catch (...) {
    record_failure(m, stage);
  }
  if (!m.valid()) {
    try {  // drain what a failed configuration left queued; a broken queue must not end the run
      rt_->queue.finish();
    } catch (const std::exception& e) {
      m.reason += std::string(" (then finishing the queue failed: ") + e.what() + ")";
    }
  }
  return m;
}

}  // namespace filterlab::tuner
