#include "families/gradient/gradient_timed_run.hpp"

#include <cmath>
#include <random>

#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "ocl/limits.hpp"
#include "reference/tolerances.hpp"
#include "verify/compare.hpp"

namespace filterlab {

ref::Image timed_run_input(int width, int height, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(0, 255);
  ref::Image img(width, height);
  for (auto& v : img.px) v = static_cast<float>(value(rng));
  return img;
}

namespace {

class GradientTimedRun : public TimedRun {
 public:
  GradientTimedRun(ocl::Runtime& rt, const GradientVariant& variant, int width, int height, ref::Border border,
                   const ref::Kernel2D& oracle_x, const ref::Kernel2D& oracle_y)
      : rt_(rt), border_(border), oracle_x_(oracle_x), oracle_y_(oracle_y), input_(timed_run_input(width, height)) {
    const std::vector<LevelShape> shapes = pack_levels({{width, height}});
    // Input, two outputs, and the separable families' intermediate.
    ocl::check_total_memory(rt.device.info, (variant.traits().separable ? 4 : 3) * store_bytes(shapes),
                            "timing " + variant.id() + " on " + std::to_string(width) + "x" + std::to_string(height));
    runner_ = std::make_unique<GradientRunner>(rt, variant, border, kVerifyBorderValue);
    in_ = allocate_levels(rt, variant.storage, shapes, "the input image");
    upload_levels(rt, in_, {input_});
    out_x_ = allocate_levels(rt, variant.storage, shapes, "the d/dx output");
    out_y_ = allocate_levels(rt, variant.storage, shapes, "the d/dy output");
    // NaN everywhere, so that a pixel the kernel leaves unwritten can never pass the check.
    fill_levels(rt, out_x_, std::nanf(""));
    fill_levels(rt, out_y_, std::nanf(""));
  }

  std::vector<cl::Event> enqueue() override { return runner_->enqueue_both(in_, out_x_, out_y_); }

  std::string check() override {
    rt_.queue.finish();
    for (const bool x : {true, false}) {
      const auto got = download_levels(rt_, x ? out_x_ : out_y_).front();
      const auto want = ref::correlate2d(input_, x ? oracle_x_ : oracle_y_, border_, kVerifyBorderValue);
      const auto cmp = compare_images(got, want, tol::kIntegerExact);  // integer data: exact
      if (!cmp.passed())
        return std::string(x ? "d/dx" : "d/dy") + " differs from the oracle: " + cmp.describe(got, want);
    }
    return "";
  }

  // The input read once, d/dx and d/dy written once (floats).
  double min_bytes() const override { return 3.0 * sizeof(float) * pixels(); }
  double pixels() const override { return static_cast<double>(input_.width) * static_cast<double>(input_.height); }

 private:
  ocl::Runtime& rt_;
  ref::Border border_;
  ref::Kernel2D oracle_x_, oracle_y_;
  ref::Image input_;
  std::unique_ptr<GradientRunner> runner_;
  LevelStore in_, out_x_, out_y_;
};

}  // namespace

std::unique_ptr<TimedRun> make_gradient_timed_run(ocl::Runtime& rt, const GradientVariant& variant, int width,
                                                  int height, ref::Border border, const ref::Kernel2D& oracle_x,
                                                  const ref::Kernel2D& oracle_y) {
  return std::make_unique<GradientTimedRun>(rt, variant, width, height, border, oracle_x, oracle_y);
}

}  // namespace filterlab
