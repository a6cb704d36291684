#include "families/epsilon/epsilon_verify.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>

#include "families/epsilon/epsilon_runner.hpp"
#include "reference/tolerances.hpp"

namespace filterlab {

std::vector<ref::Plane8> epsilon_test_images(unsigned seed) {
  const std::vector<std::pair<int, int>> shapes = {{1, 1},  {1, 23}, {23, 1},  {3, 2},   {8, 8},   {5, 9},
                                                   {13, 7}, {17, 3}, {37, 23}, {67, 35}, {64, 48}, {133, 41}};
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> noise(-6, 6), any(0, 255), coin(0, 15);
  std::vector<ref::Plane8> out;
  for (const auto& [w, h] : shapes) {
    ref::Plane8 img(w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        // A ramp with a vertical step edge, JPEG-like noise, and a few isolated outliers.
        int v = 40 + (x * 3 + y * 2) % 90 + (x > w / 2 ? 100 : 0) + noise(rng);
        if (coin(rng) == 0) v = any(rng);
        img.at(x, y) = static_cast<std::uint8_t>(std::clamp(v, 0, 255));
      }
    out.push_back(std::move(img));
  }
  return out;
}

const std::vector<int>& epsilon_test_thresholds() {
  static const std::vector<int> t = {0, 1, 7, 16, 100, 255};
  return t;
}

std::string EpsilonComparison::describe() const {
  return std::to_string(mismatches) + " pixel(s) outside the rule, " + std::to_string(differing) +
         " differing, max |diff| " + std::to_string(max_abs_diff) + ", first at (" + std::to_string(worst_x) + "," +
         std::to_string(worst_y) + ")";
}

EpsilonComparison compare_epsilon(const ref::Plane8& got, const ref::Plane8& want, const ref::Plane8& img,
                                  int threshold, bool float_rule) {
  EpsilonComparison c;
  if (got.width != want.width || got.height != want.height) {
    c.mismatches = want.px.size() + 1;
    c.max_abs_diff = 256;
    return c;
  }
  bool first_mismatch = true;
  for (int y = 0; y < want.height; ++y)
    for (int x = 0; x < want.width; ++x) {
      const int d = std::abs(static_cast<int>(got.at(x, y)) - static_cast<int>(want.at(x, y)));
      if (d == 0) continue;
      if (c.differing++ == 0) c.worst_x = x, c.worst_y = y;
      c.max_abs_diff = std::max(c.max_abs_diff, d);
      bool allowed = false;
      if (float_rule && d <= tol::kEpsilonFloatMaxDiff) {
        const auto s = ref::epsilon_sum(img, x, y, threshold);
        const double mean = static_cast<double>(s.sum) / s.count;
        allowed = std::fabs(mean - std::floor(mean) - 0.5) <= tol::kEpsilonFloatHalfWindow;
      }
      if (!allowed) {
        ++c.mismatches;
        if (first_mismatch) c.worst_x = x, c.worst_y = y, first_mismatch = false;
      }
    }
  return c;
}

EpsilonVerifyResult verify_epsilon(ocl::Runtime& rt, const EpsilonVariant& variant, unsigned seed) {
  EpsilonVerifyResult r;
  r.id = variant.id();
  const bool float_rule = variant.traits().float_math;
  EpsilonRunner runner(rt, variant);
  for (const auto& img : epsilon_test_images(seed)) {
    const auto images = runner.upload(img);
    for (int t : epsilon_test_thresholds()) {
      // Poison: the oracle's answer with its top bit flipped, so any pixel the kernel leaves
      // unwritten is off by 128.
      const auto want = ref::epsilon_filter(img, t);
      auto poison = want;
      for (auto& v : poison.px) v = static_cast<std::uint8_t>(v ^ 0x80u);
      runner.write_output(images, poison);
      runner.enqueue(images, t);
      const auto got = runner.download(images);
      const auto c = compare_epsilon(got, want, img, t, float_rule);
      ++r.cases;
      r.max_abs_diff = std::max(r.max_abs_diff, c.max_abs_diff);
      r.differing += c.differing;
      if (!c.passed() && r.failure.empty())
        r.failure = std::to_string(img.width) + "x" + std::to_string(img.height) + " T=" + std::to_string(t) + ": " +
                    c.describe();
    }
  }
  r.passed = r.failure.empty();
  return r;
}

}  // namespace filterlab
