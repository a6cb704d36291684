#include "families/tiled/tiled_verify.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "families/tiled/tiled_runner.hpp"
#include "reference/tolerances.hpp"
#include "verify/compare.hpp"

namespace filterlab {

const std::vector<TiledCase>& tiled_verify_cases() {
  static const std::vector<TiledCase> c = {
      {37, 23, {0, 0, 37, 23}, 37, 23, {0, 0, 37, 23}},          // whole image, odd sizes
      {1, 1, {0, 0, 1, 1}, 1, 1, {0, 0, 1, 1}},                  // one pixel
      {5, 3, {0, 0, 5, 3}, 9, 4, {4, 1, 5, 3}},                  // smaller than a tile and than 9x9
      {70, 50, {0, 0, 33, 20}, 40, 25, {7, 5, 33, 20}},          // source left/top edge, target right/bottom
      {70, 50, {37, 30, 33, 20}, 40, 25, {0, 0, 33, 20}},        // source right/bottom edge, target left/top
      {100, 64, {50, 10, 32, 45}, 40, 70, {3, 19, 32, 45}},      // one tile wide
      {140, 120, {5, 7, 131, 100}, 133, 104, {1, 2, 131, 100}},  // several tiles, interior groups
      // 16-byte aligned source and target rows (the tiled kernel's vector loads and stores), with
      // interior groups, and a ROI whose right edge lies just R past a tile (9x9 reads up to it).
      {144, 120, {4, 8, 132, 100}, 136, 104, {4, 2, 132, 100}},
      {104, 80, {0, 4, 100, 70}, 104, 80, {0, 6, 100, 70}},
  };
  return c;
}

double tiled_float_tolerance(int ksize, double max_abs_input) {
  const auto [kx, ky] = ref::tiled_weights(ksize);
  double sx = 0, sy = 0;
  for (double v : kx) sx += std::fabs(v);
  for (double v : ky) sy += std::fabs(v);
  // Every design rounds the horizontal sums to float before the vertical pass.
  return tol::separable_accumulation_bound(static_cast<std::size_t>(ksize), sx, sy, max_abs_input);
}

namespace {

ref::Image filled(int w, int h, unsigned seed, bool integer) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> iv(0, 127);  // with the study's weights every sum stays < 2^24
  std::uniform_real_distribution<float> fv(0.0f, 1.0f);
  ref::Image img(w, h);
  for (auto& v : img.px) v = integer ? static_cast<float>(iv(rng)) : fv(rng);
  return img;
}

// Pixels outside `troi` that differ from the poison.
std::size_t written_outside(const ref::Image& got, const ref::Roi& troi) {
  std::size_t n = 0;
  for (int y = 0; y < got.height; ++y)
    for (int x = 0; x < got.width; ++x) {
      const bool inside = x >= troi.x && x < troi.x + troi.width && y >= troi.y && y < troi.y + troi.height;
      if (!inside && !(got.at(x, y) == kPoison)) ++n;
    }
  return n;
}

std::string case_text(const TiledCase& c) {
  return std::to_string(c.src_w) + "x" + std::to_string(c.src_h) + " src ROI " + ref::roi_text(c.sroi) + " -> " +
         std::to_string(c.dst_w) + "x" + std::to_string(c.dst_h) + " dst ROI " + ref::roi_text(c.troi);
}

}  // namespace

VerifyResult verify_tiled(ocl::Runtime& rt, const TiledVariant& v, ref::Border border, unsigned seed) {
  VerifyResult r;
  r.id = v.id();
  r.border = border;
  r.float_tolerance = tiled_float_tolerance(v.ksize, 1.0);
  const auto [kx, ky] = ref::tiled_weights(v.ksize);
  auto check = [&](const TiledCase& c, bool integer, unsigned s) {
    const float bv = integer ? kVerifyBorderValue : 0.5f;
    const ref::Image src = filled(c.src_w, c.src_h, s, integer);
    const ref::Image target(c.dst_w, c.dst_h, kPoison);
    const ref::Image got = apply_tiled(rt, v, src, c.sroi, target, c.troi, border, bv);
    const ref::Image want = ref::filter_roi(src, c.sroi, target, c.troi, kx, ky, border, bv);
    const std::size_t outside = written_outside(got, c.troi);
    const auto cmp = compare_images(got, want, integer ? tol::kIntegerExact : r.float_tolerance);
    double& max_err = integer ? r.max_error_integer : r.max_error_float;
    max_err = std::max(max_err, cmp.max_abs_error);
    if (r.failure.empty() && outside)
      r.failure = std::to_string(outside) + " pixel(s) written outside the target ROI on " + case_text(c);
    if (r.failure.empty() && cmp.mismatches)
      r.failure = std::string(integer ? "integer " : "random floats ") + case_text(c) + ": " + cmp.describe(got, want);
  };
  unsigned s = seed;
  for (const auto& c : tiled_verify_cases()) check(c, true, s++);
  check({140, 120, {3, 4, 131, 77}, 135, 90, {2, 9, 131, 77}}, false, s++);
  r.passed = r.failure.empty();
  return r;
}

}  // namespace filterlab
