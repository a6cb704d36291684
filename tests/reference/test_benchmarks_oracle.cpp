// The ImageCL benchmarks' oracle judged by OpenCV: sepFilter2D (constant border), filter2D into
// CV_8U (replicate border, OpenCV's rounding and saturation) and cornerHarris (reflect-101).
#include <catch2/catch.hpp>
#include <cmath>

#include "oracle_test_utils.hpp"
#include "reference/benchmarks.hpp"
#include "reference/tolerances.hpp"

using namespace filterlab::test;
namespace ref = filterlab::ref;

namespace {

cv::Mat to_u8(const Image& img) {
  cv::Mat m(img.height, img.width, CV_8U);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) m.at<unsigned char>(y, x) = static_cast<unsigned char>(img.at(x, y));
  return m;
}

double max_abs_diff_u8(const Image& mine, const cv::Mat& cv8) {
  double worst = 0.0;
  for (int y = 0; y < mine.height; ++y)
    for (int x = 0; x < mine.width; ++x)
      worst = std::max(worst, std::abs(mine.at(x, y) - static_cast<double>(cv8.at<unsigned char>(y, x))));
  return worst;
}

}  // namespace

TEST_CASE("sepconv equals cv::sepFilter2D with a constant-0 border on integer data", "[benchmarks]") {
  std::mt19937 rng(kSeed);
  for (const auto& [w, h] : {std::pair{37, 29}, std::pair{1, 9}, std::pair{3, 2}}) {
    const Image src = random_int_image(w, h, rng);
    const auto k = ref::sepconv_weights5();
    cv::Mat kx(1, 5, CV_32F), dst;
    for (int i = 0; i < 5; ++i) kx.at<float>(0, i) = static_cast<float>(k[static_cast<std::size_t>(i)]);
    cv::sepFilter2D(to_mat(src), dst, CV_32F, kx, kx, cv::Point(-1, -1), 0.0, cv::BORDER_CONSTANT);
    CAPTURE(shape(w, h));
    REQUIRE(max_abs_diff(ref::sepconv(src, k, k), dst) == filterlab::tol::kIntegerExact);
  }
}

TEST_CASE("conv2d_u8 equals cv::filter2D into 8 bits (rounding ties to even, saturation)", "[benchmarks]") {
  std::mt19937 rng(kSeed);
  const Kernel2D k = ref::conv2d_u8_weights5();
  for (const auto& [w, h] : {std::pair{41, 23}, std::pair{1, 7}, std::pair{2, 2}}) {
    const Image src = random_int_image(w, h, rng);
    cv::Mat dst;
    cv::filter2D(to_u8(src), dst, CV_8U, to_mat(k), cv::Point(-1, -1), 0.0, cv::BORDER_REPLICATE);
    const Image mine = ref::conv2d_u8(src, k);
    CAPTURE(shape(w, h));
    // Dyadic weights: OpenCV's float sum is exact, so both round the same value the same way.
    REQUIRE(max_abs_diff_u8(mine, dst) == 0.0);
    bool saturated = false;
    for (float v : mine.px) saturated = saturated || v == 0.0f || v == 255.0f;
    if (w * h > 100) REQUIRE(saturated);  // the test data reaches both saturation limits' code path
  }
  REQUIRE_THROWS_AS(ref::conv2d_u8(Image(4, 4, 0.5f), k), std::invalid_argument);
}

TEST_CASE("harris equals cv::cornerHarris(2, 3, 0.04, BORDER_REFLECT_101) within the float bound", "[benchmarks]") {
  std::mt19937 rng(kSeed);
  for (const auto& [w, h] : {std::pair{45, 31}, std::pair{3, 3}, std::pair{2, 9}}) {
    const Image src = random_int_image(w, h, rng);
    cv::Mat dst;
    cv::cornerHarris(to_mat(src), dst, 2, 3, ref::kHarrisK, cv::BORDER_REFLECT_101);
    CAPTURE(shape(w, h));
    const double bound = filterlab::tol::harris_bound(255.0);
    const double diff = max_abs_diff(ref::harris(src), dst);
    CAPTURE(diff, bound);
    REQUIRE(diff <= bound);
  }
  // The bound is tight enough to see the window's anchor: the response to an impulse matches
  // OpenCV's, and misses it by far more than the bound once the impulse moves by one pixel.
  Image src(8, 8, 0.0f), moved(8, 8, 0.0f);
  src.at(4, 4) = 255.0f;
  moved.at(5, 4) = 255.0f;
  cv::Mat dst;
  cv::cornerHarris(to_mat(src), dst, 2, 3, ref::kHarrisK, cv::BORDER_REFLECT_101);
  REQUIRE(max_abs_diff(ref::harris(src), dst) <= filterlab::tol::harris_bound(255.0));
  REQUIRE(max_abs_diff(ref::harris(moved), dst) > 10.0 * filterlab::tol::harris_bound(255.0));
}
