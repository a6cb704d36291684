// correlate_separable against cv::sepFilter2D and against correlate2d with the outer product.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "oracle_test_utils.hpp"

using namespace filterlab::test;
using filterlab::ref::correlate2d;
using filterlab::ref::correlate_separable;
using filterlab::ref::kAllBorders;

namespace {

cv::Mat cv_sep(const cv::Mat& src, const std::vector<double>& kx, const std::vector<double>& ky, int border) {
  cv::Mat dst, mx(kx, true), my(ky, true);  // column vectors of doubles
  mx.convertTo(mx, CV_32F);
  my.convertTo(my, CV_32F);
  cv::sepFilter2D(src, dst, CV_32F, mx, my, cv::Point(-1, -1), 0.0, border);
  return dst;
}

}  // namespace

TEST_CASE("correlate_separable equals cv::sepFilter2D on integer data", "[separable]") {
  std::mt19937 rng(kSeed + 20);
  const int w = 31, h = 23;
  const Image src = random_int_image(w, h, rng);
  for (int ny = 1; ny <= 9; ny += 2) {
    for (int nx = 1; nx <= 9; nx += 2) {
      const auto kx = random_int_weights(static_cast<std::size_t>(nx), rng);
      const auto ky = random_int_weights(static_cast<std::size_t>(ny), rng);
      for (const Border b : kAllBorders) {
        CAPTURE(kSeed + 20, shape(nx, ny), filterlab::ref::border_name(b));
        // sepFilter2D rejects WRAP too: pad, filter, keep the interior.
        const cv::Mat theirs =
            b == Border::Wrap
                ? via_padding(src, nx / 2, ny / 2, b, 0.0,
                              [&](const cv::Mat& in, cv::Mat& out) { out = cv_sep(in, kx, ky, cv::BORDER_CONSTANT); })
                : cv_sep(to_mat(src), kx, ky, cv_border(b));
        REQUIRE(max_abs_diff(correlate_separable(src, kx, ky, b), theirs) == 0.0);
      }
    }
  }
}

TEST_CASE("correlate_separable equals correlate2d with the outer product", "[separable]") {
  std::mt19937 rng(kSeed + 21);
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{31, 23}, {1, 1}, {2, 9}, {17, 1}, {3, 2}}) {
    const Image src = random_int_image(w, h, rng);
    for (const auto& [nx, ny] : std::vector<std::pair<int, int>>{{1, 1}, {3, 3}, {9, 1}, {1, 7}, {5, 9}, {9, 9}}) {
      const auto kx = random_int_weights(static_cast<std::size_t>(nx), rng);
      const auto ky = random_int_weights(static_cast<std::size_t>(ny), rng);
      for (const Border b : kAllBorders) {
        for (const double c : {0.0, 5.0}) {  // a tap is constant if either coordinate is outside
          if (b != Border::Constant && c != 0.0) continue;
          CAPTURE(kSeed + 21, shape(w, h), shape(nx, ny), filterlab::ref::border_name(b), c);
          REQUIRE(max_abs_diff(correlate_separable(src, kx, ky, b, c), correlate2d(src, outer(ky, kx), b, c)) == 0.0);
        }
      }
    }
  }
}

TEST_CASE("correlate_separable rejects even or empty vectors and empty images", "[separable]") {
  const Image img(4, 3, 1.0f);
  const std::vector<double> k3{1.0, 2.0, 1.0};
  REQUIRE_THROWS_AS(correlate_separable(img, {1.0, 1.0}, k3, Border::Replicate), std::invalid_argument);
  REQUIRE_THROWS_AS(correlate_separable(img, k3, {}, Border::Replicate), std::invalid_argument);
  REQUIRE_THROWS_AS(correlate_separable(Image{}, k3, k3, Border::Replicate), std::invalid_argument);
}
