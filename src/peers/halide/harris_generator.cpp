// Halide peer of workload 4: Harris exactly as cv::cornerHarris(src, dst, 2, 3, 0.04,
// BORDER_REFLECT_101): 3x3 Sobel derivatives scaled by 1/8 (reflect-101 border), their products
// summed over the 2x2 window x-1..x, y-1..y (reflect-101 border of the product images), and
// R = a c - b^2 - k (a + c)^2.
#include "Halide.h"
#include "peers/halide/schedule.hpp"
#include "reference/benchmarks.hpp"

namespace {

class Harris : public Halide::Generator<Harris> {
 public:
  GeneratorParam<float> k{"k", static_cast<float>(filterlab::ref::kHarrisK)};
  GeneratorParam<bool> gpu{"gpu", false};
  Input<Buffer<float>> input{"input", 2};
  Output<Buffer<float>> output{"output", 2};

  void generate() {
    using namespace Halide;
    Func in = BoundaryConditions::mirror_interior(input);
    const float s = 1.0f / 8.0f;
    gx(x, y) = ((in(x + 1, y - 1) - in(x - 1, y - 1)) + 2.0f * (in(x + 1, y) - in(x - 1, y)) +
                (in(x + 1, y + 1) - in(x - 1, y + 1))) *
               s;
    gy(x, y) = ((in(x - 1, y + 1) - in(x - 1, y - 1)) + 2.0f * (in(x, y + 1) - in(x, y - 1)) +
                (in(x + 1, y + 1) - in(x + 1, y - 1))) *
               s;
    Func a("a"), b("b"), c("c");
    a(x, y) = gx(x, y) * gx(x, y);
    b(x, y) = gx(x, y) * gy(x, y);
    c(x, y) = gy(x, y) * gy(x, y);
    const Region whole{{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}};
    Func ab = BoundaryConditions::mirror_interior(a, whole);
    Func bb = BoundaryConditions::mirror_interior(b, whole);
    Func cb = BoundaryConditions::mirror_interior(c, whole);
    auto box = [&](Func f) { return f(x - 1, y - 1) + f(x, y - 1) + f(x - 1, y) + f(x, y); };
    Expr sa = box(ab), sb = box(bb), sc = box(cb);
    output(x, y) = sa * sc - sb * sb - static_cast<float>(k) * (sa + sc) * (sa + sc);
    // On the GPU the derivatives are recomputed per output (inline): staging them per tile in
    // local memory made PoCL reject the launch (CL_INVALID_WORK_GROUP_SIZE).
    if (using_autoscheduler())
      filterlab::peers::estimate_sizes(input, output);
    else if (gpu)
      filterlab::peers::schedule_pipeline(output, {}, true, 8);
    else
      filterlab::peers::schedule_pipeline(output, {gx, gy}, false, 8);
  }

 private:
  Halide::Var x{"x"}, y{"y"};
  Halide::Func gx{"gx"}, gy{"gy"};
};

}  // namespace

HALIDE_REGISTER_GENERATOR(Harris, fl_harris)
