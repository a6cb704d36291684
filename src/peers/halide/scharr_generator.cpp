// Halide peer of workload 1: one Scharr derivative (d/dx or d/dy, 3x3..9x9, the oracle's integer
// coefficients from reference/scharr) with OpenCV's BORDER_REFLECT_101 (Halide's mirror_interior).
#include "Halide.h"
#include "peers/halide/schedule.hpp"
#include "reference/scharr.hpp"

namespace {

class Scharr : public Halide::Generator<Scharr> {
 public:
  GeneratorParam<int> ksize{"ksize", 3};
  GeneratorParam<bool> dy{"dy", false};
  GeneratorParam<bool> gpu{"gpu", false};
  Input<Buffer<float>> input{"input", 2};
  Output<Buffer<float>> output{"output", 2};

  void generate() {
    using namespace Halide;
    const auto k = filterlab::ref::scharr_kernel(ksize, dy ? filterlab::ref::Axis::Y : filterlab::ref::Axis::X);
    Func in = BoundaryConditions::mirror_interior(input);
    const int r = k.width / 2;
    Expr sum = 0.0f;
    for (int j = 0; j < k.height; ++j)
      for (int i = 0; i < k.width; ++i)
        if (k.at(i, j) != 0.0) sum += in(x + i - r, y + j - r) * static_cast<float>(k.at(i, j));
    output(x, y) = sum;
    if (using_autoscheduler())
      filterlab::peers::estimate_sizes(input, output);
    else
      filterlab::peers::schedule_pipeline(output, {}, gpu, 16);
  }

 private:
  Halide::Var x{"x"}, y{"y"};
};

}  // namespace

HALIDE_REGISTER_GENERATOR(Scharr, fl_scharr)
