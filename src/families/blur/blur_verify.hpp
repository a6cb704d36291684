#pragma once
// The blur family's oracle check: a variant against reference/blur.hpp on integer-valued images of
// awkward shapes (exactly) and on a random float image (within the bound of reference/tolerances.hpp),
// every output poisoned with NaN before the run.
#include <utility>
#include <vector>

#include "families/blur/blur_variant.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {

// 1x1, 2x3, 37x1, 1x37 (narrower or shorter than every filter), 97x61 and 130x67 (not multiples of
// any work-group), in this order.
const std::vector<std::pair<int, int>>& blur_test_shapes();
// The float bound for `variant` on data of magnitude <= max_abs_input (normalised weights sum to 1).
double blur_float_tolerance(const BlurVariant& variant, double max_abs_input);

// Integer images 0..255 of every test shape, exactly equal to the oracle, then a random float image
// in [0, 1) within blur_float_tolerance. Throws filterlab::Unsupported for device limits.
VerifyResult verify_blur_variant(ocl::Runtime& rt, const BlurVariant& variant,
                                 ref::Border border = ref::Border::Reflect101, unsigned seed = 20261122);

}  // namespace filterlab
