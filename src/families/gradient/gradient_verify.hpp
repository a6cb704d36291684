#pragma once
// Checks a variant against the oracle: integer-valued images of awkward shapes (exact equality) and
// a random float image (within the bound of reference/tolerances.hpp), for both derivatives.
#include <string>
#include <vector>

#include "families/gradient/gradient_variant.hpp"
#include "ocl/runtime.hpp"
#include "reference/border.hpp"
#include "reference/image.hpp"

namespace filterlab {

// 1x1, 1xN, Nx1, filter wider than the image, odd widths that are not multiples of 16, ...
std::vector<ref::Image> integer_test_images(unsigned seed);
ref::Image random_float_image(int width, int height, unsigned seed);

struct VerifyResult {
  std::string id;
  ref::Border border = ref::Border::Reflect101;
  double max_error_integer = 0.0;  // must be 0
  double max_error_float = 0.0;
  double float_tolerance = 0.0;
  bool passed = false;
  std::string failure;  // first failing case, described
};

// The constant used for Border::Constant in verification (an integer, so results stay exact).
inline constexpr float kVerifyBorderValue = 7.0f;

// The bound of reference/tolerances.hpp for this variant on random data of magnitude <= max_abs_input.
double float_tolerance(const GradientVariant& variant, double max_abs_input);

VerifyResult verify_gradient_variant(ocl::Runtime& rt, const GradientVariant& variant, ref::Border border,
                                     unsigned seed = 20261122);

}  // namespace filterlab
