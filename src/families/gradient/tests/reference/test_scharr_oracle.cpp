// The integer Scharr family: 3x3 equals OpenCV's Scharr; every size is separable, has six taps and
// answers a unit ramp with 32*s.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "reference/scharr.hpp"
#include "tests/reference/oracle_test_utils.hpp"

using namespace filterlab::test;
using filterlab::ref::Axis;
using filterlab::ref::correlate2d;
using filterlab::ref::scharr_kernel;
using filterlab::ref::scharr_separable;

TEST_CASE("3x3 Scharr kernels equal cv::getDerivKernels(CV_SCHARR)", "[scharr]") {
  for (const auto& [axis, dx, dy] : {std::tuple{Axis::X, 1, 0}, std::tuple{Axis::Y, 0, 1}}) {
    cv::Mat cx, cy;
    cv::getDerivKernels(cx, cy, dx, dy, cv::FILTER_SCHARR, false, CV_64F);
    const auto [kx, ky] = scharr_separable(3, axis);
    CAPTURE(dx, dy);
    REQUIRE(kx == std::vector<double>(cx.begin<double>(), cx.end<double>()));
    REQUIRE(ky == std::vector<double>(cy.begin<double>(), cy.end<double>()));
  }
}

TEST_CASE("3x3 Scharr through correlate2d equals cv::Scharr", "[scharr]") {
  std::mt19937 rng(kSeed + 30);
  const Image src = random_int_image(41, 27, rng);
  for (const auto& [axis, dx, dy] : {std::tuple{Axis::X, 1, 0}, std::tuple{Axis::Y, 0, 1}}) {
    for (const Border b : filterlab::ref::kAllBorders) {
      if (b == Border::Wrap) continue;  // cv::Scharr rejects WRAP
      CAPTURE(kSeed + 30, dx, dy, filterlab::ref::border_name(b));
      cv::Mat theirs;
      cv::Scharr(to_mat(src), theirs, CV_32F, dx, dy, 1.0, 0.0, cv_border(b));
      REQUIRE(max_abs_diff(correlate2d(src, scharr_kernel(3, axis), b), theirs) == 0.0);
    }
  }
}

TEST_CASE("every Scharr size is the outer product of its vectors with six taps", "[scharr]") {
  for (const int n : {3, 5, 7, 9}) {
    for (const Axis axis : {Axis::X, Axis::Y}) {
      CAPTURE(n, axis == Axis::X ? "x" : "y");
      const Kernel2D k = scharr_kernel(n, axis);
      const auto [kx, ky] = scharr_separable(n, axis);
      REQUIRE(k.width == n);
      REQUIRE(k.height == n);
      REQUIRE(k.w == outer(ky, kx).w);
      REQUIRE(std::count_if(k.w.begin(), k.w.end(), [](double v) { return v != 0.0; }) == 6);
      const int s = n / 2;
      // d/dx: -3/-10/-3 down column 0, mirrored with + in column n-1; d/dy is the transpose.
      const auto at = [&](int col, int row) { return axis == Axis::X ? k.at(col, row) : k.at(row, col); };
      REQUIRE(at(0, 0) == -3.0);
      REQUIRE(at(0, s) == -10.0);
      REQUIRE(at(0, n - 1) == -3.0);
      REQUIRE(at(n - 1, 0) == 3.0);
      REQUIRE(at(n - 1, s) == 10.0);
      REQUIRE(at(n - 1, n - 1) == 3.0);
    }
  }
}

TEST_CASE("Scharr answers a unit ramp with 32*s", "[scharr]") {
  for (const int n : {3, 5, 7, 9}) {
    const int s = n / 2;
    REQUIRE(filterlab::ref::scharr_ramp_response(n) == 32.0 * s);
    for (const Axis axis : {Axis::X, Axis::Y}) {
      Image ramp(32, 32);
      for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x) ramp.at(x, y) = static_cast<float>(axis == Axis::X ? x : y);
      const Image out = correlate2d(ramp, scharr_kernel(n, axis), Border::Reflect101);
      for (int y = s; y < 32 - s; ++y)
        for (int x = s; x < 32 - s; ++x) {
          CAPTURE(n, x, y);
          REQUIRE(out.at(x, y) == static_cast<float>(filterlab::ref::scharr_ramp_response(n)));
        }
    }
  }
}

TEST_CASE("invalid Scharr sizes throw and name the valid ones", "[scharr]") {
  for (const int n : {0, 1, 2, 4, -3, 11}) {
    CAPTURE(n);
    REQUIRE_FALSE(filterlab::ref::valid_scharr_size(n));
    REQUIRE_THROWS_WITH(scharr_kernel(n, Axis::X), Catch::Matchers::Contains("3, 5, 7 or 9"));
    REQUIRE_THROWS_AS(scharr_separable(n, Axis::Y), std::invalid_argument);
    REQUIRE_THROWS_AS(filterlab::ref::scharr_ramp_response(n), std::invalid_argument);
  }
}
