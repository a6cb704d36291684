#include "families/tiled/tiled_space.hpp"

#include <random>

#include "error.hpp"
#include "ocl/limits.hpp"
#include "reference/roi_filter.hpp"
#include "reference/tolerances.hpp"
#include "tuner/measure.hpp"
#include "verify/compare.hpp"

namespace filterlab::tuner {
namespace {

constexpr int kKsize = 5;
const ref::Border kBorder = ref::Border::Reflect101;

TiledVariant variant_of(const Point& p) {
  const auto& d = tiled_designs();
  if (p.size() != 1 || p[0] < 0 || static_cast<std::size_t>(p[0]) >= d.size())
    throw Error("a point of " + std::string(kTiledSpace) + " is one design index 0.." + std::to_string(d.size() - 1));
  return TiledVariant{d[static_cast<std::size_t>(p[0])].name, kKsize};
}

}  // namespace

TiledSpace::TiledSpace(ocl::Runtime* rt, const TimingSetup& timing) : rt_(rt), timing_(timing) {
  Param design{"design", {}};
  for (std::size_t i = 0; i < tiled_designs().size(); ++i) design.values.push_back(static_cast<long>(i));
  params_.push_back(design);
}

std::string TiledSpace::violation(const Point& p) const {
  if (!rt_) return "";
  const auto v = variant_of(p);
  const auto& dev = rt_->device.info;
  if (v.traits().local_w * v.traits().local_h > dev.max_work_group_size) return "work-group larger than the device's";
  if (v.local_bytes() > dev.local_mem_bytes) return "local memory beyond the device's";
  return "";
}

std::string TiledSpace::id(const Point& p) const { return variant_of(p).id(); }

std::string TiledSpace::setup() const {
  return std::to_string(timing_.side) + "x" + std::to_string(timing_.side) + " k5 reflect101 warmup " +
         std::to_string(timing_.warmup) + " repetitions " + std::to_string(timing_.repetitions);
}

Measurement TiledSpace::evaluate(const Point& p) {
  Measurement m = start_evaluation(*this, p, rt_ != nullptr);
  if (!m.valid()) return m;
  const int n = timing_.side;
  const ref::Roi all{0, 0, n, n};
  const auto [kx, ky] = ref::tiled_weights(kKsize);
  if (!input_) {
    std::mt19937 rng(20261122u);
    std::uniform_int_distribution<int> px(0, 127);  // exact float sums with the study's weights
    input_ = std::make_unique<ref::Image>(n, n);
    for (auto& x : input_->px) x = static_cast<float>(px(rng));
    oracle_ = std::make_unique<ref::Image>(ref::filter_roi(*input_, all, ref::Image(n, n), all, kx, ky, kBorder));
  }
  Invalid stage = Invalid::kBuild;
  try {
    const auto v = variant_of(p);
    TiledRunner runner(*rt_, v, kBorder);
    stage = Invalid::kLaunch;
    const auto src = upload_image(*rt_, *input_, "the source image");
    auto dst = allocate_image(*rt_, n, n, "the target image");
    runner.enqueue(src, all, dst, all);
    const auto got = download_image(*rt_, dst);
    const auto cmp = compare_images(got, *oracle_, tol::kIntegerExact);
    if (!cmp.passed()) {
      m.invalid = Invalid::kWrongOutput, m.reason = cmp.describe(got, *oracle_);
      return m;
    }
    time_kernel(m, rt_->queue, timing_.warmup, timing_.repetitions, [&] { return runner.enqueue(src, all, dst, all); });
  } catch (...) {
    record_failure(m, stage);
  }
  return m;
}

}  // namespace filterlab::tuner
