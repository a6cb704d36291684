#pragma once
// Checks a Study 4 variant against the ROI oracle: integer images (exact) in ROI placements chosen to
// break the tiled kernel (ROIs touching each image edge, one tile wide, odd sizes, images smaller
// than a tile, several tiles with interior groups) and random floats (within the bound of
// reference/tolerances.hpp). Every target starts poisoned: a pixel changed outside the target ROI
// fails the check.
#include <vector>

#include "families/gradient/gradient_verify.hpp"
#include "families/tiled/tiled_variant.hpp"
#include "ocl/runtime.hpp"
#include "reference/roi_filter.hpp"

namespace filterlab {

struct TiledCase {
  int src_w, src_h;
  ref::Roi sroi;
  int dst_w, dst_h;
  ref::Roi troi;
};
const std::vector<TiledCase>& tiled_verify_cases();

// The value every target pixel holds before filtering: no filter of the study's non-negative
// images with positive weights (and border constant) can produce it.
inline constexpr float kPoison = -12345.0f;

double tiled_float_tolerance(int ksize, double max_abs_input);

VerifyResult verify_tiled(ocl::Runtime& rt, const TiledVariant& v, ref::Border border, unsigned seed = 20261122);

}  // namespace filterlab
