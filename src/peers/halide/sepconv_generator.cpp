// Halide peer of workload 2: the 5x5 separable convolution (binomial weights, reference/benchmarks)
// of a float image with a constant-0 border, as a row pass feeding a column pass.
#include "Halide.h"
#include "peers/halide/schedule.hpp"
#include "reference/benchmarks.hpp"

namespace {

class SepConv : public Halide::Generator<SepConv> {
 public:
  GeneratorParam<bool> gpu{"gpu", false};
  Input<Buffer<float>> input{"input", 2};
  Output<Buffer<float>> output{"output", 2};

  void generate() {
    using namespace Halide;
    const auto kx = filterlab::ref::sepconv_weights5(), ky = kx;
    const int ksize = static_cast<int>(kx.size());
    Func in = BoundaryConditions::constant_exterior(input, 0.0f);
    const int r = ksize / 2;
    Expr h = 0.0f;
    for (int i = 0; i < ksize; ++i) h += in(x + i - r, y) * static_cast<float>(kx[static_cast<std::size_t>(i)]);
    rows(x, y) = h;
    Expr v = 0.0f;
    for (int j = 0; j < ksize; ++j) v += rows(x, y + j - r) * static_cast<float>(ky[static_cast<std::size_t>(j)]);
    output(x, y) = v;
    if (using_autoscheduler())
      filterlab::peers::estimate_sizes(input, output);
    else
      filterlab::peers::schedule_pipeline(output, {rows}, gpu, 16);
  }

 private:
  Halide::Var x{"x"}, y{"y"};
  Halide::Func rows{"rows"};
};

}  // namespace

HALIDE_REGISTER_GENERATOR(SepConv, fl_sepconv)
