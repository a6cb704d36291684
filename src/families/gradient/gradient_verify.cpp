#include "families/gradient/gradient_verify.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "families/gradient/gradient_runner.hpp"
#include "reference/tolerances.hpp"
#include "verify/compare.hpp"

namespace filterlab {

std::vector<ref::Image> integer_test_images(unsigned seed) {
  // Shapes chosen to break indexing: single pixels and lines, images smaller than a 9x9 filter,
  // widths that are not multiples of the 16x16 work-group, and one spanning several work-groups.
  const std::vector<std::pair<int, int>> shapes = {{1, 1}, {1, 23}, {23, 1},  {3, 2},   {2, 9},
                                                   {5, 5}, {17, 3}, {37, 23}, {64, 48}, {131, 67}};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(0, 255);
  std::vector<ref::Image> out;
  for (const auto& [w, h] : shapes) {
    ref::Image img(w, h);
    for (auto& v : img.px) v = static_cast<float>(value(rng));
    out.push_back(std::move(img));
  }
  return out;
}

ref::Image random_float_image(int width, int height, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> value(0.0f, 1.0f);
  ref::Image img(width, height);
  for (auto& v : img.px) v = value(rng);
  return img;
}

namespace {
double sum_abs(const std::vector<double>& w) {
  double s = 0.0;
  for (double x : w) s += std::fabs(x);
  return s;
}
}  // namespace

double float_tolerance(const GradientVariant& variant, double max_abs_input) {
  if (variant.traits().separable) {
    const auto [h, v] = variant.separable(ref::Axis::X);  // d/dy has the same sums
    return tol::separable_accumulation_bound(h.size(), sum_abs(h), sum_abs(v), max_abs_input);
  }
  const auto k = variant.kernel(ref::Axis::X);
  return tol::float_accumulation_bound(k.w.size(), sum_abs(k.w), max_abs_input);
}

VerifyResult verify_gradient_variant(ocl::Runtime& rt, const GradientVariant& variant, ref::Border border,
                                     unsigned seed) {
  VerifyResult r;
  r.id = variant.id();
  r.border = border;
  const auto ints = integer_test_images(seed);
  const auto floats = random_float_image(131, 77, seed + 1);
  r.float_tolerance = float_tolerance(variant, 1.0);
  // Both derivatives at once: "double" variants cannot compute one alone, and every variant must
  // get both right.
  const auto [ix, iy] = apply_gradient(rt, variant, ints, border, kVerifyBorderValue);
  const auto [fx, fy] = apply_gradient(rt, variant, {floats}, border, 0.5f);
  for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
    const auto k = variant.kernel(axis);
    const char* axis_name = axis == ref::Axis::X ? "d/dx" : "d/dy";
    const auto& got = axis == ref::Axis::X ? ix : iy;
    for (std::size_t i = 0; i < ints.size(); ++i) {
      const auto want = ref::correlate2d(ints[i], k, border, kVerifyBorderValue);
      const auto c = compare_images(got[i], want, tol::kIntegerExact);
      r.max_error_integer = std::max(r.max_error_integer, c.max_abs_error);
      if (c.mismatches && r.failure.empty())
        r.failure = std::string(axis_name) + " on integer " + std::to_string(ints[i].width) + "x" +
                    std::to_string(ints[i].height) + ": " + c.describe(got[i], want);
    }
    const auto& gotf = (axis == ref::Axis::X ? fx : fy).front();
    const auto wantf = ref::correlate2d(floats, k, border, 0.5);
    const auto cf = compare_images(gotf, wantf, r.float_tolerance);
    r.max_error_float = std::max(r.max_error_float, cf.max_abs_error);
    if (cf.mismatches && r.failure.empty())
      r.failure = std::string(axis_name) + " on random floats 131x77: " + cf.describe(gotf, wantf);
  }
  r.passed = r.failure.empty();
  return r;
}

}  // namespace filterlab
