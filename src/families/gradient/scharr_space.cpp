#include "families/gradient/scharr_space.hpp"

#include <random>

#include "error.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "families/gradient/level_store.hpp"
#include "reference/correlate.hpp"
#include "reference/scharr.hpp"
#include "tuner/measure.hpp"
#include "verify/compare.hpp"

namespace filterlab::tuner {
namespace {

constexpr int kKsize = 5;
const ref::Border kBorder = ref::Border::Reflect101;
const Storage kStorages[] = {Storage::Images, Storage::Buffer, Storage::ImageBuffer, Storage::Cubes};

}  // namespace

ScharrSpace::ScharrSpace(ocl::Runtime* rt, int width, int height, const TimingSetup& timing)
    : rt_(rt), width_(width), height_(height), timing_(timing) {
  Param family{"family", {}};
  for (std::size_t i = 0; i < scharr_families().size(); ++i) family.values.push_back(static_cast<long>(i));
  params_ = {family, {"storage", {0, 1, 2, 3}}, {"local_w", {8, 16, 32}}, {"local_h", {8, 16}}};
}

GradientVariant ScharrSpace::variant(const Point& p) const {
  if (p.size() != 4 || p[0] < 0 || static_cast<std::size_t>(p[0]) >= scharr_families().size() || p[1] < 0 || p[1] > 3)
    throw Error("a point of " + std::string(kScharrSpace) + " is (family index, storage 0..3, local_w, local_h)");
  return make_variant(scharr_families()[static_cast<std::size_t>(p[0])].name,
                      std::string(storage_name(kStorages[p[1]])), kKsize, static_cast<std::size_t>(p[2]),
                      static_cast<std::size_t>(p[3]));
}

std::string ScharrSpace::violation(const Point& p) const {
  GradientVariant v;
  try {
    v = variant(p);
  } catch (const Error& e) {
    return e.what();
  }
  if (!rt_) return "";
  const auto& dev = rt_->device.info;
  if (v.local_w * v.local_h > dev.max_work_group_size) return "work-group larger than the device's";
  if (v.local_bytes() > dev.local_mem_bytes) return "local memory beyond the device's";
  if (v.storage != Storage::Buffer && !dev.image_support) return "image storage on a device without images";
  return "";
}

std::string ScharrSpace::id(const Point& p) const {
  try {
    return variant(p).id();
  } catch (const Error&) {  // refused combinations still need a stable name
    return std::string(kScharrSpace) + "/refused/" + std::to_string(p.at(0)) + "/" + std::to_string(p.at(1)) + "/" +
           std::to_string(p.at(2)) + "x" + std::to_string(p.at(3));
  }
}

std::string ScharrSpace::setup() const {
  return std::to_string(width_) + "x" + std::to_string(height_) + " k5 reflect101 both derivatives warmup " +
         std::to_string(timing_.warmup) + " repetitions " + std::to_string(timing_.repetitions);
}

Measurement ScharrSpace::evaluate(const Point& p) {
  Measurement m = start_evaluation(*this, p, rt_ != nullptr);
  if (!m.valid()) return m;
  if (!input_) {
    std::mt19937 rng(20261122u);
    std::uniform_real_distribution<float> px(0.0f, 1.0f);  // the study's [0, 1] grey levels
    input_ = std::make_unique<ref::Image>(width_, height_);
    for (auto& x : input_->px) x = px(rng);
    want_x_ =
        std::make_unique<ref::Image>(ref::correlate2d(*input_, ref::scharr_kernel(kKsize, ref::Axis::X), kBorder));
    want_y_ =
        std::make_unique<ref::Image>(ref::correlate2d(*input_, ref::scharr_kernel(kKsize, ref::Axis::Y), kBorder));
  }
  const auto v = variant(p);
  Invalid stage = Invalid::kBuild;
  try {
    GradientRunner runner(*rt_, v, kBorder);
    stage = Invalid::kLaunch;
    const auto shapes = pack_levels({{width_, height_}});
    auto in = allocate_levels(*rt_, v.storage, shapes, "the input");
    auto ox = allocate_levels(*rt_, v.storage, shapes, "the d/dx output");
    auto oy = allocate_levels(*rt_, v.storage, shapes, "the d/dy output");
    upload_levels(*rt_, in, {*input_});
    runner.enqueue_both(in, ox, oy);
    const auto gx = download_levels(*rt_, ox).front(), gy = download_levels(*rt_, oy).front();
    const double tol = float_tolerance(v, 1.0);
    for (const auto& [got, want, axis] :
         {std::tuple{&gx, want_x_.get(), "d/dx"}, std::tuple{&gy, want_y_.get(), "d/dy"}}) {
      const auto c = compare_images(*got, *want, tol);
      if (!c.passed()) {
        m.invalid = Invalid::kWrongOutput, m.reason = std::string(axis) + ": " + c.describe(*got, *want);
        return m;
      }
    }
    time_kernel(m, rt_->queue, timing_.warmup, timing_.repetitions, [&] { return runner.enqueue_both(in, ox, oy); });
  } catch (...) {
    record_failure(m, stage);
  }
  return m;
}

}  // namespace filterlab::tuner
