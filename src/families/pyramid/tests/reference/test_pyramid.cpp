// The storage study's pyramid: geometry of the real base size, box average vs cv::resize(INTER_AREA),
// bit-identical copies inside an octave.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "reference/pyramid.hpp"
#include "tests/reference/oracle_test_utils.hpp"

using namespace filterlab::test;
using filterlab::ref::build_pyramid;
using filterlab::ref::downsample_box2x2;
using filterlab::ref::pyramid_geometry;

namespace {

// INTER_AREA at exactly half size is the 2x2 mean; an odd last row/column is dropped by cropping first.
cv::Mat cv_half(const Image& src) {
  const cv::Rect even(0, 0, src.width / 2 * 2, src.height / 2 * 2);
  cv::Mat dst;
  cv::resize(to_mat(src)(even), dst, cv::Size(src.width / 2, src.height / 2), 0, 0, cv::INTER_AREA);
  return dst;
}

cv::Mat direct_half(const Image& src) {  // the definition, as a plain loop
  cv::Mat dst(src.height / 2, src.width / 2, CV_32F);
  for (int y = 0; y < dst.rows; ++y)
    for (int x = 0; x < dst.cols; ++x)
      dst.at<float>(y, x) = static_cast<float>(0.25 * (double(src.at(2 * x, 2 * y)) + src.at(2 * x + 1, 2 * y) +
                                                       src.at(2 * x, 2 * y + 1) + src.at(2 * x + 1, 2 * y + 1)));
  return dst;
}

}  // namespace

TEST_CASE("pyramid geometry of the study's 3866x4320 base", "[pyramid]") {
  const auto levels = pyramid_geometry(3866, 4320);
  REQUIRE(levels.size() == 16);
  const int sizes[4][2] = {{3866, 4320}, {1933, 2160}, {966, 1080}, {483, 540}};
  std::size_t offset = 0;
  for (int l = 0; l < 16; ++l) {
    const auto& g = levels[static_cast<std::size_t>(l)];
    CAPTURE(l);
    REQUIRE(g.level == l);
    REQUIRE(g.octave == l / 4);
    REQUIRE(g.width == sizes[l / 4][0]);
    REQUIRE(g.height == sizes[l / 4][1]);
    REQUIRE(g.offset == offset);
    offset += static_cast<std::size_t>(g.width) * g.height;
  }
  REQUIRE(offset == 88722000u);
  REQUIRE(filterlab::ref::pyramid_pixels(3866, 4320) == 88722000u);
}

TEST_CASE("build_pyramid matches cv::resize(INTER_AREA) and copies levels bit for bit", "[pyramid]") {
  std::mt19937 rng(kSeed + 40);
  // Multiples of 4 keep every average an integer; arbitrary ints give quarter steps, still exact in float.
  for (const bool multiples_of_4 : {true, false}) {
    Image base = random_int_image(37, 29, rng);
    if (multiples_of_4)
      for (auto& v : base.px) v *= 4.0f;
    const auto levels = build_pyramid(base);
    const auto geometry = pyramid_geometry(37, 29);
    REQUIRE(levels.size() == geometry.size());
    REQUIRE(levels[0].px == base.px);
    for (std::size_t l = 0; l < levels.size(); ++l) {
      CAPTURE(kSeed + 40, multiples_of_4, l);
      REQUIRE(levels[l].width == geometry[l].width);
      REQUIRE(levels[l].height == geometry[l].height);
      if (l == 0) continue;
      if (l % 4 != 0) {
        REQUIRE(levels[l].px == levels[l - 1].px);
        continue;
      }
      REQUIRE(max_abs_diff(levels[l], cv_half(levels[l - 1])) == 0.0);
      REQUIRE(max_abs_diff(levels[l], direct_half(levels[l - 1])) == 0.0);
    }
  }
}

TEST_CASE("downsample_box2x2 drops the odd last row and column", "[pyramid]") {
  Image src(3, 3);
  for (int i = 0; i < 9; ++i) src.px[static_cast<std::size_t>(i)] = static_cast<float>(1 << i);
  const Image out = downsample_box2x2(src);
  REQUIRE(out.width == 1);
  REQUIRE(out.height == 1);
  REQUIRE(out.px[0] == 0.25f * (1 + 2 + 8 + 16));
  REQUIRE_THROWS_AS(downsample_box2x2(Image(1, 8)), std::invalid_argument);
}

TEST_CASE("a base too small for the octaves throws", "[pyramid]") {
  REQUIRE_NOTHROW(pyramid_geometry(8, 8));  // 8, 4, 2, 1
  REQUIRE_THROWS_AS(pyramid_geometry(7, 8), std::invalid_argument);
  REQUIRE_THROWS_AS(pyramid_geometry(8, 4), std::invalid_argument);
  REQUIRE_THROWS_AS(pyramid_geometry(0, 0), std::invalid_argument);
  REQUIRE_THROWS_AS(pyramid_geometry(64, 64, {0, 4}), std::invalid_argument);
  REQUIRE_THROWS_AS(build_pyramid(Image(5, 40)), std::invalid_argument);
  REQUIRE(pyramid_geometry(5, 40, {3, 2}).size() == 6);  // fewer octaves fit
}
