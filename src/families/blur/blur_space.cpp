#include "families/blur/blur_space.hpp"

#include <random>

#include "error.hpp"
#include "families/blur/blur_runner.hpp"
#include "reference/blur.hpp"
#include "tuner/measure.hpp"
#include "verify/compare.hpp"

namespace filterlab {

BlurSpace::BlurSpace(ocl::Runtime* rt, int side, const tuner::TimingSetup& timing)
    : rt_(rt), side_(side), timing_(timing) {
  tuner::Param design{"design", {}}, ksize{"ksize", {}};
  for (std::size_t i = 0; i < blur_designs().size(); ++i) design.values.push_back(static_cast<long>(i));
  for (int k : blur_sizes()) ksize.values.push_back(k);
  params_ = {design, ksize, {"local_w", {8, 16, 32}}, {"local_h", {4, 8, 16}}};
}

BlurVariant BlurSpace::variant(const tuner::Point& p) const {
  if (p.size() != 4 || p[0] < 0 || static_cast<std::size_t>(p[0]) >= blur_designs().size() || p[2] <= 0 || p[3] <= 0)
    throw Error("a point of " + std::string(kBlurSpace) + " is (design index, ksize, local_w, local_h)");
  return make_blur_variant(std::string("blur.") + blur_designs()[static_cast<std::size_t>(p[0])].name,
                           static_cast<int>(p[1]), static_cast<std::size_t>(p[2]), static_cast<std::size_t>(p[3]));
}

std::string BlurSpace::violation(const tuner::Point& p) const {
  try {
    (void)variant(p);
  } catch (const Error& e) {
    return e.what();
  }
  if (rt_ && static_cast<std::size_t>(p[2] * p[3]) > rt_->device.info.max_work_group_size)
    return "work-group larger than the device's";
  return "";
}

std::string BlurSpace::id(const tuner::Point& p) const {
  try {
    return variant(p).id();
  } catch (const Error&) {  // points outside the space still need a stable name
    std::string s = std::string(kBlurSpace) + "/refused";
    for (long v : p) s += "/" + std::to_string(v);
    return s;
  }
}

std::string BlurSpace::setup() const {
  return std::to_string(side_) + "x" + std::to_string(side_) + " integer-valued, reflect101, warmup " +
         std::to_string(timing_.warmup) + " repetitions " + std::to_string(timing_.repetitions);
}

tuner::Measurement BlurSpace::evaluate(const tuner::Point& p) {
  tuner::Measurement m = tuner::start_evaluation(*this, p, rt_ != nullptr);
  if (!m.valid()) return m;
  const auto v = variant(p);
  if (!input_) {
    std::mt19937 rng(20261122u);
    std::uniform_int_distribution<int> grey(0, 255);
    input_ = std::make_unique<ref::Image>(side_, side_);
    for (auto& x : input_->px) x = static_cast<float>(grey(rng));
  }
  auto want = oracle_.find(v.ksize);
  if (want == oracle_.end()) want = oracle_.emplace(v.ksize, ref::binomial_blur(*input_, v.ksize)).first;
  tuner::Invalid stage = tuner::Invalid::kBuild;
  try {
    BlurRunner runner(*rt_, v);
    stage = tuner::Invalid::kLaunch;
    const auto b = runner.upload(*input_);
    runner.poison(b);
    runner.enqueue(b);
    const auto got = runner.download(b);
    const auto c = compare_images(got, want->second, 0.0);  // integer data: exact
    if (!c.passed()) {
      m.invalid = tuner::Invalid::kWrongOutput, m.reason = c.describe(got, want->second);
      return m;
    }
    tuner::time_kernel(m, rt_->queue, timing_.warmup, timing_.repetitions, [&] { return runner.enqueue(b); });
  } catch (...) {
    tuner::record_failure(m, stage);
  }
  return m;
}

std::unique_ptr<BlurSpace> make_blur_space(ocl::Runtime& rt, const tuner::SpaceSettings& s) {
  const auto& dev = rt.device.info;
  auto t = tuner::default_timing(dev, s);
  t.side = dev.is_cpu() ? 4096 / s.cpu_divisor : 4096;
  return std::make_unique<BlurSpace>(&rt, t.side, t);
}

}  // namespace filterlab
