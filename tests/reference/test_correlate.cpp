// correlate2d against cv::filter2D (exact on integer data, bounded on float data) and its errors.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "oracle_test_utils.hpp"
#include "reference/tolerances.hpp"

using namespace filterlab::test;
using filterlab::ref::correlate2d;
using filterlab::ref::kAllBorders;

namespace {

// cv::filter2D takes a DFT path for large kernels (we measured it from 130 taps on this x86 build;
// OpenCV uses 50 where SSE3 is missing). Below 50 taps it is a direct sum everywhere.
constexpr int kFilter2DDirectTaps = 49;

cv::Mat cv_filter2d(const cv::Mat& src, const Kernel2D& k, int border) {
  cv::Mat dst;
  cv::filter2D(src, dst, CV_32F, to_mat(k), cv::Point(-1, -1), 0.0, border);
  return dst;
}

}  // namespace

TEST_CASE("correlate2d equals cv::filter2D on integer data, every border", "[correlate]") {
  std::mt19937 rng(kSeed);
  const int w = 37, h = 29;
  const Image src = random_int_image(w, h, rng);
  for (int kh = 1; kh <= 9; kh += 2) {
    for (int kw = 1; kw <= 9; kw += 2) {
      const Kernel2D k = random_int_kernel(kw, kh, rng);
      for (const Border b : kAllBorders) {
        CAPTURE(kSeed, shape(w, h), shape(kw, kh), filterlab::ref::border_name(b));
        const Image mine = correlate2d(src, k, b);
        // Always: against copyMakeBorder padding + a direct sum (any kernel size).
        REQUIRE(max_abs_diff(mine, padded_direct(src, k, b)) == filterlab::tol::kIntegerExact);
        if (kw * kh > kFilter2DDirectTaps) continue;
        // filter2D rejects WRAP, so WRAP pads first and keeps the interior.
        const cv::Mat theirs =
            b == Border::Wrap
                ? via_padding(src, kw / 2, kh / 2, b, 0.0,
                              [&](const cv::Mat& in, cv::Mat& out) { out = cv_filter2d(in, k, cv::BORDER_CONSTANT); })
                : cv_filter2d(to_mat(src), k, cv_border(b));
        REQUIRE(max_abs_diff(mine, theirs) == filterlab::tol::kIntegerExact);
      }
    }
  }
}

TEST_CASE("correlate2d uses the given constant outside the image", "[correlate]") {
  std::mt19937 rng(kSeed + 1);
  const Image src = random_int_image(19, 13, rng);
  for (const double c : {0.0, 1.0, -7.0, 255.0}) {
    const Kernel2D k = random_int_kernel(7, 5, rng);
    CAPTURE(kSeed + 1, c);
    REQUIRE(max_abs_diff(correlate2d(src, k, Border::Constant, c), padded_direct(src, k, Border::Constant, c)) == 0.0);
  }
}

TEST_CASE("correlate2d is within the float accumulation bound of cv::filter2D on random floats", "[correlate]") {
  std::mt19937 rng(kSeed + 2);
  const int w = 64, h = 48;
  const Image src = random_unit_image(w, h, rng);
  double max_x = 0.0;
  for (const float v : src.px) max_x = std::max(max_x, static_cast<double>(std::abs(v)));
  std::uniform_real_distribution<float> wd(-1.0f, 1.0f);  // float weights: what filter2D really uses
  for (const int n : {1, 3, 5, 7}) {
    Kernel2D k{n, n, {}};
    double sum_abs = 0.0;
    for (int t = 0; t < n * n; ++t) {
      k.w.push_back(wd(rng));
      sum_abs += std::abs(k.w.back());
    }
    const double bound = filterlab::tol::float_accumulation_bound(static_cast<std::size_t>(n) * n, sum_abs, max_x);
    for (const Border b : kAllBorders) {
      if (b == Border::Wrap) continue;  // filter2D rejects it; WRAP is covered exactly above
      CAPTURE(kSeed + 2, n, filterlab::ref::border_name(b), bound);
      const double diff = max_abs_diff(correlate2d(src, k, b), cv_filter2d(to_mat(src), k, cv_border(b)));
      CAPTURE(diff);
      REQUIRE(diff <= bound);
    }
  }
}

TEST_CASE("correlate2d rejects bad kernels and empty images", "[correlate]") {
  const Image img(4, 3, 1.0f);
  const Border b = Border::Reflect101;
  using Catch::Matchers::Contains;
  REQUIRE_THROWS_WITH(correlate2d(img, Kernel2D{2, 3, std::vector<double>(6, 1.0)}, b), Contains("odd"));
  REQUIRE_THROWS_WITH(correlate2d(img, Kernel2D{3, 4, std::vector<double>(12, 1.0)}, b), Contains("odd"));
  REQUIRE_THROWS_AS(correlate2d(img, Kernel2D{0, 1, {}}, b), std::invalid_argument);
  REQUIRE_THROWS_AS(correlate2d(img, Kernel2D{-3, 3, std::vector<double>(9, 1.0)}, b), std::invalid_argument);
  REQUIRE_THROWS_WITH(correlate2d(img, Kernel2D{3, 3, std::vector<double>(8, 1.0)}, b), Contains("weights"));
  REQUIRE_THROWS_WITH(correlate2d(Image{}, Kernel2D{1, 1, {1.0}}, b), Contains("empty"));
  REQUIRE_THROWS_WITH(correlate2d(Image(0, 5), Kernel2D{1, 1, {1.0}}, b), Contains("empty"));
}

TEST_CASE("a 1x1 identity kernel returns the image bit for bit", "[correlate]") {
  std::mt19937 rng(kSeed + 3);
  const Image src = random_unit_image(11, 7, rng);
  for (const Border b : kAllBorders) REQUIRE(correlate2d(src, Kernel2D{1, 1, {1.0}}, b).px == src.px);
}
