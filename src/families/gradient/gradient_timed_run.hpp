#pragma once
// The benchmark suite's timed form of a gradient variant (Scharr's families, and any family that
// runs on GradientRunner): both derivatives of one integer-valued image, checked exactly against
// the oracle's correlation with the two kernels it is given.
#include <memory>

#include "families/family.hpp"
#include "families/gradient/gradient_variant.hpp"
#include "reference/correlate.hpp"

namespace filterlab {

// Prepares `variant` for a width x height image under `border` (constant: kVerifyBorderValue):
// builds it, uploads the input, poisons both outputs with NaN. `oracle_x`/`oracle_y` are the d/dx
// and d/dy kernels the variant computes. Throws filterlab::Unsupported for device limits.
std::unique_ptr<TimedRun> make_gradient_timed_run(ocl::Runtime& rt, const GradientVariant& variant, int width,
                                                  int height, ref::Border border, const ref::Kernel2D& oracle_x,
                                                  const ref::Kernel2D& oracle_y);

// An integer-valued image 0..255 (exact in float for every filter of the studies), seeded.
ref::Image timed_run_input(int width, int height, unsigned seed = 20261123);

}  // namespace filterlab
