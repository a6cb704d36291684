// The blur family's oracle (reference/blur.hpp) judged by OpenCV: its weights against
// cv::getDerivKernels and cv::getGaussianKernel, its blur against cv::sepFilter2D and cv::GaussianBlur, exactly on
// integer data, on every border OpenCV's filters take (WRAP through cv::copyMakeBorder) and on shapes smaller than the
// filter.
#include <catch2/catch.hpp>
#include <stdexcept>

#include "reference/blur.hpp"
#include "tests/reference/oracle_test_utils.hpp"

using namespace filterlab;
using namespace filterlab::test;

namespace {

const std::vector<std::pair<int, int>> kShapes = {{1, 1},  {2, 3}, {3, 2},   {37, 1},
                                                  {1, 37}, {5, 4}, {97, 61}, {130, 67}};
const Border kCvBorders[] = {Border::Constant, Border::Replicate, Border::Reflect, Border::Reflect101};

// OpenCV's own normalised binomial row, independent of the oracle: the order-0 (smoothing) kernel of
// cv::getDerivKernels for d/dx, the one cv::Sobel applies across the derivative.
cv::Mat cv_kernel(int n, int type = CV_32F) {
  cv::Mat kx, ky;
  cv::getDerivKernels(kx, ky, 1, 0, n, true, type);
  return ky;
}

cv::Mat sep_filter(const cv::Mat& src, int n, Border b) {
  cv::Mat out;
  const auto k = cv_kernel(n);
  cv::sepFilter2D(src, out, CV_32F, k, k, cv::Point(-1, -1), 0.0, cv_border(b));
  return out;
}

}  // namespace

TEST_CASE("the blur's weights are rows of Pascal's triangle", "[blur][oracle]") {
  CHECK(ref::binomial_weights(1) == std::vector<double>{1});
  CHECK(ref::binomial_weights(3) == std::vector<double>{1, 2, 1});
  CHECK(ref::binomial_weights(5) == std::vector<double>{1, 4, 6, 4, 1});
  CHECK(ref::binomial_weights(7) == std::vector<double>{1, 6, 15, 20, 15, 6, 1});
  for (int n = 1; n <= 31; n += 2) {
    CAPTURE(n);
    const auto w = ref::binomial_weights(n);
    const auto k = ref::binomial_kernel_1d(n);
    double sum = 0.0, ksum = 0.0;
    for (std::size_t i = 0; i < w.size(); ++i) {
      sum += w[i], ksum += k[i];
      CHECK(w[i] == w[w.size() - 1 - i]);
      if (i > 0) CHECK(w[i] == w[i - 1] * static_cast<double>(n - static_cast<int>(i)) / static_cast<double>(i));
    }
    CHECK(sum == static_cast<double>(1L << (n - 1)));
    CHECK(ksum == 1.0);
  }
  for (int bad : {0, 2, -3, 33}) CHECK_THROWS_AS(ref::binomial_weights(bad), std::invalid_argument);
}

TEST_CASE("the blur's kernels are cv::getDerivKernels' smoothing rows at every size", "[blur][oracle]") {
  for (int n = 3; n <= 31; n += 2) {
    CAPTURE(n);
    const cv::Mat k = cv_kernel(n, CV_64F);
    REQUIRE(k.total() == static_cast<std::size_t>(n));
    const auto want = ref::binomial_kernel_1d(n);
    for (int i = 0; i < n; ++i) CHECK(k.at<double>(i) == want[static_cast<std::size_t>(i)]);
  }
}

TEST_CASE("the blur's kernels are cv::getGaussianKernel's at 3 and 5, not at 7", "[blur][oracle]") {
  for (int n : {3, 5}) {
    const cv::Mat g = cv::getGaussianKernel(n, 0, CV_64F);
    const auto k = ref::binomial_kernel_1d(n);
    for (int i = 0; i < n; ++i) CHECK(g.at<double>(i) == k[static_cast<std::size_t>(i)]);
  }
  // OpenCV's table for n = 7 is [2 7 14 18 14 7 2] / 64, not the binomial row [1 6 15 20 15 6 1] / 64:
  // cv::GaussianBlur is the reference at 3 and 5 only; cv::sepFilter2D at every size.
  const cv::Mat g7 = cv::getGaussianKernel(7, 0, CV_64F);
  CHECK(g7.at<double>(0) != ref::binomial_kernel_1d(7)[0]);
}

TEST_CASE("the blur equals cv::sepFilter2D with the binomial kernel exactly on integer data", "[blur][oracle]") {
  std::mt19937 rng(kSeed);
  for (int n : {3, 5, 7, 9}) {
    for (const auto& [w, h] : kShapes) {
      const Image img = random_int_image(w, h, rng);
      for (Border b : kCvBorders) {
        CAPTURE(n, shape(w, h), ref::border_name(b));
        CHECK(max_abs_diff(ref::binomial_blur(img, n, b), sep_filter(to_mat(img), n, b)) == 0.0);
      }
      // WRAP, which OpenCV's filters refuse, and a constant other than 0: padded by copyMakeBorder.
      const int r = n / 2;
      for (auto [b, c] : {std::pair{Border::Wrap, 0.0}, std::pair{Border::Constant, 7.0}}) {
        CAPTURE(n, shape(w, h), ref::border_name(b), c);
        const auto want = via_padding(
            img, r, r, b, c, [&](const cv::Mat& in, cv::Mat& out) { out = sep_filter(in, n, Border::Reflect101); });
        CHECK(max_abs_diff(ref::binomial_blur(img, n, b, c), want) == 0.0);
      }
    }
  }
}

TEST_CASE("the blur equals cv::GaussianBlur exactly at 3x3 and 5x5", "[blur][oracle]") {
  std::mt19937 rng(kSeed + 1);
  for (int n : {3, 5}) {
    for (const auto& [w, h] : kShapes) {
      const Image img = random_int_image(w, h, rng);
      for (Border b : kCvBorders) {
        CAPTURE(n, shape(w, h), ref::border_name(b));
        cv::Mat out;
        cv::GaussianBlur(to_mat(img), out, cv::Size(n, n), 0, 0, cv_border(b));
        CHECK(max_abs_diff(ref::binomial_blur(img, n, b), out) == 0.0);
      }
    }
  }
}

TEST_CASE("on random floats the blur agrees with cv::sepFilter2D within OpenCV's rule", "[blur][oracle]") {
  std::mt19937 rng(kSeed + 2);
  for (int n : {3, 5, 7}) {
    const Image img = random_unit_image(97, 61, rng);
    const auto got = ref::binomial_blur(img, n);
    double max_abs = 0.0;
    for (float v : got.px) max_abs = std::max(max_abs, static_cast<double>(std::abs(v)));
    CAPTURE(n);
    CHECK(max_abs_diff(got, sep_filter(to_mat(img), n, Border::Reflect101)) <= 1e-6 * max_abs);
  }
}

TEST_CASE("the blur keeps a constant image and defaults to reflect101", "[blur][oracle]") {
  std::mt19937 rng(kSeed + 3);
  const Image flat(13, 9, 200.0f);
  for (int n : {3, 5, 7})
    for (float v : ref::binomial_blur(flat, n).px) CHECK(v == 200.0f);
  const Image img = random_int_image(11, 7, rng);
  CHECK(ref::binomial_blur(img, 5).px == ref::binomial_blur(img, 5, Border::Reflect101).px);
  CHECK(ref::binomial_blur(img, 5).px == ref::correlate2d(img, ref::binomial_kernel(5), Border::Reflect101).px);
  CHECK_THROWS_AS(ref::binomial_blur(img, 4), std::invalid_argument);
}
