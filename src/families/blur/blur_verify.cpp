#include "families/blur/blur_verify.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "families/blur/blur_runner.hpp"
#include "reference/blur.hpp"
#include "reference/tolerances.hpp"
#include "verify/compare.hpp"

namespace filterlab {

const std::vector<std::pair<int, int>>& blur_test_shapes() {
  static const std::vector<std::pair<int, int>> s = {{1, 1}, {2, 3}, {37, 1}, {1, 37}, {97, 61}, {130, 67}};
  return s;
}

double blur_float_tolerance(const BlurVariant& variant, double max_abs_input) {
  // The integer weights and the final power-of-two scale are exact; only the sums round.
  const auto k = static_cast<std::size_t>(variant.ksize);
  return variant.traits().launches == 2 ? tol::separable_accumulation_bound(k, 1.0, 1.0, max_abs_input)
                                        : tol::float_accumulation_bound(k * k, 1.0, max_abs_input);
}

VerifyResult verify_blur_variant(ocl::Runtime& rt, const BlurVariant& variant, ref::Border border, unsigned seed) {
  VerifyResult r;
  r.id = variant.id();
  r.border = border;
  const float constant = kVerifyBorderValue;
  BlurRunner runner(rt, variant, border, constant);
  std::mt19937 rng(seed);
  const auto run = [&](const ref::Image& img) {
    const auto b = runner.upload(img);
    runner.poison(b);
    runner.enqueue(b);
    return runner.download(b);
  };
  std::uniform_int_distribution<int> grey(0, 255);
  for (const auto& [w, h] : blur_test_shapes()) {
    ref::Image img(w, h);
    for (auto& v : img.px) v = static_cast<float>(grey(rng));
    const auto got = run(img);
    const auto want = ref::binomial_blur(img, variant.ksize, border, constant);
    const auto c = compare_images(got, want, tol::kIntegerExact);
    r.max_error_integer = std::max(r.max_error_integer, c.max_abs_error);
    if (!c.passed() && r.failure.empty())
      r.failure = "integer " + std::to_string(w) + "x" + std::to_string(h) + ": " + c.describe(got, want);
  }
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  ref::Image img(97, 61);
  for (auto& v : img.px) v = unit(rng);
  r.float_tolerance = blur_float_tolerance(variant, std::max(1.0, static_cast<double>(constant)));
  const auto got = run(img);
  const auto want = ref::binomial_blur(img, variant.ksize, border, constant);
  const auto c = compare_images(got, want, r.float_tolerance);
  r.max_error_float = c.max_abs_error;
  if (!c.passed() && r.failure.empty()) r.failure = "random floats 97x61: " + c.describe(got, want);
  r.passed = r.failure.empty();
  return r;
}

}  // namespace filterlab
