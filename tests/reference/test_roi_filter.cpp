// Study 4's ROI oracle against OpenCV: sepFilter2D on a ROI view with BORDER_ISOLATED (the meaning
// the oracle claims), or copyMakeBorder of the cropped ROI where sepFilter2D cannot (WRAP, and a
// non-zero constant); pixels outside the target ROI are untouched.
#include <catch2/catch.hpp>

#include "oracle_test_utils.hpp"
#include "reference/roi_filter.hpp"

using namespace filterlab::test;
using filterlab::ref::kAllBorders;
using filterlab::ref::Roi;
using filterlab::ref::roi_text;

namespace {

cv::Mat cv_roi_filter(const Image& src, const Roi& r, const std::vector<double>& kx, const std::vector<double>& ky,
                      Border b, double constant) {
  cv::Mat mx(kx, true), my(ky, true);
  mx.convertTo(mx, CV_32F);
  my.convertTo(my, CV_32F);
  const int rx = static_cast<int>(kx.size()) / 2, ry = static_cast<int>(ky.size()) / 2;
  if (b == Border::Wrap || b == Border::Constant)
    return via_padding(filterlab::ref::crop(src, r), rx, ry, b, constant, [&](const cv::Mat& in, cv::Mat& out) {
      cv::sepFilter2D(in, out, CV_32F, mx, my, cv::Point(-1, -1), 0.0, cv::BORDER_CONSTANT);
    });
  const cv::Mat whole = to_mat(src);
  cv::Mat out;
  cv::sepFilter2D(whole(cv::Rect(r.x, r.y, r.width, r.height)), out, CV_32F, mx, my, cv::Point(-1, -1), 0.0,
                  cv_border(b) | cv::BORDER_ISOLATED);
  return out;
}

}  // namespace

TEST_CASE("filter_roi equals OpenCV's BORDER_ISOLATED filtering of the source ROI, written into the target ROI",
          "[roi]") {
  std::mt19937 rng(kSeed + 40);
  const Image src = random_int_image(41, 29, rng);
  const Image target(37, 33, -1.0f);
  // ROIs touching each edge, in the middle, one pixel wide, the whole image.
  const std::vector<std::pair<Roi, Roi>> rois = {{{0, 0, 20, 12}, {17, 21, 20, 12}},
                                                 {{21, 17, 20, 12}, {0, 0, 20, 12}},
                                                 {{5, 6, 13, 9}, {9, 3, 13, 9}},
                                                 {{40, 3, 1, 20}, {36, 0, 1, 20}},
                                                 {{0, 0, 37, 29}, {0, 4, 37, 29}}};
  for (int k = 1; k <= 9; k += 2) {
    const auto [kx, ky] = filterlab::ref::tiled_weights(k);
    for (const auto& [s, t] : rois)
      for (const Border b : kAllBorders) {
        CAPTURE(k, roi_text(s), roi_text(t), filterlab::ref::border_name(b));
        const Image got = filterlab::ref::filter_roi(src, s, target, t, kx, ky, b, 7.0);
        const cv::Mat want = cv_roi_filter(src, s, kx, ky, b, 7.0);
        for (int y = 0; y < target.height; ++y)
          for (int x = 0; x < target.width; ++x) {
            const bool inside = x >= t.x && x < t.x + t.width && y >= t.y && y < t.y + t.height;
            const float expected = inside ? want.at<float>(y - t.y, x - t.x) : -1.0f;
            REQUIRE(got.at(x, y) == expected);
          }
      }
  }
}

TEST_CASE("tiled_weights are integer, asymmetric and sum within the exact-float range", "[roi]") {
  const auto [h3, v3] = filterlab::ref::tiled_weights(3);
  REQUIRE(h3 == std::vector<double>{1, 3, 3});
  REQUIRE(v3 == std::vector<double>{3, 3, 1});
  const auto [h9, v9] = filterlab::ref::tiled_weights(9);
  double sh = 0, sv = 0;
  for (std::size_t i = 0; i < h9.size(); ++i) sh += h9[i], sv += v9[i];
  // The verification images hold integers 0..127: every partial sum stays below 2^24.
  REQUIRE(sh * sv * 127 < 16777216.0);
  REQUIRE_THROWS_AS(filterlab::ref::tiled_weights(4), std::invalid_argument);
}

TEST_CASE("filter_roi rejects empty, outside and unequal ROIs", "[roi]") {
  const Image img(10, 8);
  const auto [kx, ky] = filterlab::ref::tiled_weights(3);
  auto run = [&](Roi s, Roi t) { return filterlab::ref::filter_roi(img, s, img, t, kx, ky, Border::Replicate); };
  REQUIRE_THROWS_WITH(run({0, 0, 0, 3}, {0, 0, 0, 3}), Catch::Contains("empty"));
  REQUIRE_THROWS_WITH(run({5, 0, 6, 3}, {0, 0, 6, 3}), Catch::Contains("reaches outside the 10x8 image"));
  REQUIRE_THROWS_WITH(run({-1, 0, 3, 3}, {0, 0, 3, 3}), Catch::Contains("starts outside"));
  REQUIRE_THROWS_WITH(run({0, 0, 3, 3}, {0, 0, 4, 3}), Catch::Contains("differ in size"));
  REQUIRE_NOTHROW(run({0, 0, 10, 8}, {0, 0, 10, 8}));
}
