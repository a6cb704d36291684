// The Sobel oracle (reference/sobel.hpp): our implementation of the getDerivKernels rule equals
// cv::getDerivKernels, and the oracle with its kernels equals cv::Sobel on every border (WRAP and
// a non-zero constant, which cv::Sobel does not take, through copyMakeBorder padding).
#include <catch2/catch.hpp>
#include <stdexcept>
#include <tuple>

#include "reference/sobel.hpp"
#include "tests/reference/oracle_test_utils.hpp"

using namespace filterlab::test;
using filterlab::ref::Axis;
using filterlab::ref::correlate2d;
using filterlab::ref::sobel_kernel;
using filterlab::ref::sobel_kernel_1d;
using filterlab::ref::sobel_separable;

namespace {
std::vector<double> values(const cv::Mat& m) { return std::vector<double>(m.begin<double>(), m.end<double>()); }
}  // namespace

TEST_CASE("Sobel 1-D kernels equal cv::getDerivKernels for every size and order", "[sobel]") {
  for (int n = 3; n <= 31; n += 2) {
    for (int order = 1; order < n; ++order) {
      CAPTURE(n, order);
      cv::Mat kx, ky;
      cv::getDerivKernels(kx, ky, order, 0, n, false, CV_64F);
      REQUIRE(sobel_kernel_1d(n, order) == values(kx));
      REQUIRE(sobel_kernel_1d(n, 0) == values(ky));
      cv::getDerivKernels(kx, ky, 0, order, n, false, CV_64F);
      REQUIRE(sobel_kernel_1d(n, 0) == values(kx));
      REQUIRE(sobel_kernel_1d(n, order) == values(ky));
    }
  }
}

TEST_CASE("the 2-D Sobel kernels are the outer products of cv::getDerivKernels(1,0) and (0,1)", "[sobel]") {
  for (const int n : {3, 5, 7, 9}) {
    for (const auto& [axis, dx, dy] : {std::tuple{Axis::X, 1, 0}, std::tuple{Axis::Y, 0, 1}}) {
      CAPTURE(n, dx, dy);
      cv::Mat cx, cy;
      cv::getDerivKernels(cx, cy, dx, dy, n, false, CV_64F);
      const auto [kx, ky] = sobel_separable(n, axis);
      REQUIRE(kx == values(cx));
      REQUIRE(ky == values(cy));
      const Kernel2D k = sobel_kernel(n, axis);
      REQUIRE(k.width == n);
      REQUIRE(k.height == n);
      REQUIRE(k.w == outer(values(cy), values(cx)).w);
    }
  }
  // The textbook 3x3 d/dx, row by row; d/dy is its transpose.
  REQUIRE(sobel_kernel(3, Axis::X).w == std::vector<double>{-1, 0, 1, -2, 0, 2, -1, 0, 1});
  REQUIRE(sobel_kernel(3, Axis::Y).w == std::vector<double>{-1, -2, -1, 0, 0, 0, 1, 2, 1});
}

TEST_CASE("the oracle with Sobel's kernels equals cv::Sobel on every border, exactly on integer data", "[sobel]") {
  std::mt19937 rng(kSeed + 40);
  // Awkward shapes too: narrower and shorter than a 9x9 filter (OpenCV reflects repeatedly).
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{41, 27}, {5, 3}, {1, 7}, {13, 1}}) {
    const Image src = random_int_image(w, h, rng);
    for (const int n : {3, 5, 7, 9}) {
      for (const auto& [axis, dx, dy] : {std::tuple{Axis::X, 1, 0}, std::tuple{Axis::Y, 0, 1}}) {
        const auto sobel = [&, dx = dx, dy = dy](int border) {
          return [=](const cv::Mat& in, cv::Mat& out) { cv::Sobel(in, out, CV_32F, dx, dy, n, 1.0, 0.0, border); };
        };
        for (const Border b : filterlab::ref::kAllBorders) {
          for (const double c : {0.0, 7.0}) {
            if (b != Border::Constant && c != 0.0) continue;
            CAPTURE(kSeed + 40, shape(w, h), n, dx, dy, filterlab::ref::border_name(b), c);
            // cv::Sobel takes neither WRAP nor a constant other than 0: pad with copyMakeBorder,
            // filter, keep the interior (where no tap reaches cv::Sobel's own border).
            cv::Mat theirs;
            if (b == Border::Wrap || c != 0.0)
              theirs = via_padding(src, n / 2, n / 2, b, c, sobel(cv::BORDER_CONSTANT));
            else
              sobel(cv_border(b))(to_mat(src), theirs);
            REQUIRE(max_abs_diff(correlate2d(src, sobel_kernel(n, axis), b, c), theirs) == 0.0);
          }
        }
      }
    }
  }
}

TEST_CASE("the oracle with Sobel's kernels agrees with cv::Sobel on random floats", "[sobel]") {
  // OpenCV's own acceptance rule for Sobel on float data: ||a - b||_inf <= 1e-6 * max(||a||, ||b||).
  std::mt19937 rng(kSeed + 41);
  const Image src = random_unit_image(57, 33, rng);
  for (const int n : {3, 5, 7, 9}) {
    for (const auto& [axis, dx, dy] : {std::tuple{Axis::X, 1, 0}, std::tuple{Axis::Y, 0, 1}}) {
      CAPTURE(n, dx, dy);
      cv::Mat theirs;
      cv::Sobel(to_mat(src), theirs, CV_32F, dx, dy, n, 1.0, 0.0, cv::BORDER_REFLECT_101);
      const Image ours = correlate2d(src, sobel_kernel(n, axis), Border::Reflect101);
      double largest = 0.0;
      for (float v : ours.px) largest = std::max(largest, static_cast<double>(std::abs(v)));
      REQUIRE(max_abs_diff(ours, theirs) <= 1e-6 * largest);
    }
  }
}

TEST_CASE("Sobel answers a unit ramp with 2^(2n-3)", "[sobel]") {
  for (const int n : {3, 5, 7, 9}) {
    const int s = n / 2;
    REQUIRE(filterlab::ref::sobel_ramp_response(n) == static_cast<double>(1 << (2 * n - 3)));
    for (const Axis axis : {Axis::X, Axis::Y}) {
      Image ramp(32, 32);
      for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x) ramp.at(x, y) = static_cast<float>(axis == Axis::X ? x : y);
      const Image out = correlate2d(ramp, sobel_kernel(n, axis), Border::Reflect101);
      for (int y = s; y < 32 - s; ++y)
        for (int x = s; x < 32 - s; ++x) {
          CAPTURE(n, x, y);
          REQUIRE(out.at(x, y) == static_cast<float>(filterlab::ref::sobel_ramp_response(n)));
        }
    }
  }
}

TEST_CASE("invalid Sobel sizes and orders throw and name the valid range", "[sobel]") {
  for (const int n : {0, 1, 2, 4, -3, 33}) {
    CAPTURE(n);
    REQUIRE_THROWS_WITH(sobel_kernel_1d(n, 1), Catch::Matchers::Contains("odd, 3 to 31"));
    REQUIRE_THROWS_AS(sobel_kernel(n, Axis::X), std::invalid_argument);
    REQUIRE_THROWS_AS(sobel_separable(n, Axis::Y), std::invalid_argument);
    REQUIRE_THROWS_AS(filterlab::ref::sobel_ramp_response(n), std::invalid_argument);
  }
  REQUIRE_THROWS_WITH(sobel_kernel_1d(5, 5), Catch::Matchers::Contains("order must be 0 to 4"));
  REQUIRE_THROWS_AS(sobel_kernel_1d(5, -1), std::invalid_argument);
}
