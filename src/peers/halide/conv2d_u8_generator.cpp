// Halide peer of workload 3: the 5x5 non-separable convolution of an 8-bit image with a replicated
// border (Halide's repeat_edge), summed in float, rounded half to even and saturated to 8 bits.
#include "Halide.h"
#include "peers/halide/schedule.hpp"
#include "reference/benchmarks.hpp"

namespace {

class Conv2dU8 : public Halide::Generator<Conv2dU8> {
 public:
  GeneratorParam<bool> gpu{"gpu", false};
  Input<Buffer<uint8_t>> input{"input", 2};
  Output<Buffer<uint8_t>> output{"output", 2};

  void generate() {
    using namespace Halide;
    const auto k = filterlab::ref::conv2d_u8_weights5();
    Func in = BoundaryConditions::repeat_edge(input);
    const int rx = k.width / 2, ry = k.height / 2;
    Expr sum = 0.0f;
    for (int j = 0; j < k.height; ++j)
      for (int i = 0; i < k.width; ++i) sum += cast<float>(in(x + i - rx, y + j - ry)) * static_cast<float>(k.at(i, j));
    output(x, y) = saturating_cast<uint8_t>(round(sum));  // Halide's round: half to even
    if (using_autoscheduler())
      filterlab::peers::estimate_sizes(input, output);
    else
      filterlab::peers::schedule_pipeline(output, {}, gpu, 16);
  }

 private:
  Halide::Var x{"x"}, y{"y"};
};

}  // namespace

HALIDE_REGISTER_GENERATOR(Conv2dU8, fl_conv2d_u8)
