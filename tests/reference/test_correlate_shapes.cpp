// Awkward shapes: single rows and columns, odd widths, and filters wider than the image, where the
// reflection has to repeat. Judged by copyMakeBorder, which repeats it like cv::borderInterpolate.
#include <catch2/catch.hpp>

#include "oracle_test_utils.hpp"

using namespace filterlab::test;
using filterlab::ref::correlate2d;
using filterlab::ref::kAllBorders;

TEST_CASE("correlate2d on awkward shapes, every border", "[correlate][shapes]") {
  std::mt19937 rng(kSeed + 10);
  const std::vector<std::pair<int, int>> images = {{1, 1},  {1, 9}, {9, 1}, {1, 17}, {17, 5},
                                                   {33, 1}, {3, 2}, {2, 9}, {2, 2},  {5, 3}};
  const std::vector<std::pair<int, int>> kernels = {{9, 9}, {3, 5}, {9, 1}, {1, 9}, {3, 3}, {7, 3}};
  for (const auto& [w, h] : images) {
    const Image src = random_int_image(w, h, rng);
    for (const auto& [kw, kh] : kernels) {
      const Kernel2D k = random_int_kernel(kw, kh, rng);
      for (const Border b : kAllBorders) {
        for (const double c : {0.0, 3.0}) {
          if (b != Border::Constant && c != 0.0) continue;
          CAPTURE(kSeed + 10, shape(w, h), shape(kw, kh), filterlab::ref::border_name(b), c);
          REQUIRE(max_abs_diff(correlate2d(src, k, b, c), padded_direct(src, k, b, c)) == 0.0);
        }
      }
    }
  }
}

TEST_CASE("filter2D agrees on tiny images too (kernel wider than the image)", "[correlate][shapes]") {
  std::mt19937 rng(kSeed + 11);
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {3, 2}, {2, 9}, {1, 17}, {33, 1}}) {
    const Image src = random_int_image(w, h, rng);
    const Kernel2D k = random_int_kernel(7, 7, rng);  // 49 taps: still filter2D's direct path
    for (const Border b : kAllBorders) {
      if (b == Border::Wrap) continue;  // filter2D rejects WRAP
      CAPTURE(kSeed + 11, shape(w, h), filterlab::ref::border_name(b));
      cv::Mat theirs;
      cv::filter2D(to_mat(src), theirs, CV_32F, to_mat(k), cv::Point(-1, -1), 0.0, cv_border(b));
      REQUIRE(max_abs_diff(correlate2d(src, k, b), theirs) == 0.0);
    }
  }
}
