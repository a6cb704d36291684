// The language's additions (issue 34) run on the test device and judged by references written
// here, independently of the compiler's generated CPU reference: OpenCV's pyrUp and Sobel, the
// oracle's border_index (equal to cv::borderInterpolate), and plain C++ for the Gabor filter, the
// conversions and a user's two-kernel pipeline. Each kernel (tests/imagecl/language/, the pipeline
// tests/imagecl_tool/pipeline/) shows one feature, run in a few sampled configurations: their
// transcendental code takes PoCL's compiler up to a minute a configuration, so the corpus test's
// every-value sampling is left to the corpus.
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <opencv2/imgproc.hpp>

#include "compile_helpers.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "imagecl/user_check.hpp"
#include "opencl_fixture.hpp"
#include "reference/border.hpp"

using namespace filterlab;
using namespace filterlab::imagecl;

namespace {

constexpr double kTwoToMinus23 = 1.1920928955078125e-07;
// Each kernel shows a language feature, not the width of unrolled bodies (the benchmarks' tests
// sample those under kCheckMaxUnrolled): bodies repeated at most 16 times build in about half the
// time on PoCL 3.1.
constexpr long kLanguageMaxUnrolled = 16;

// Integer-valued pixels in [0, top] from a hash of the position.
ref::Image input(int w, int h, int top, unsigned seed) {
  ref::Image img(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      img.at(x, y) = static_cast<float>((static_cast<unsigned>(x * 7919 + y * 104729) * 2654435761u + seed * 97u) %
                                        static_cast<unsigned>(top + 1));
  return img;
}

cv::Mat to_mat(const ref::Image& img) {
  cv::Mat m(img.height, img.width, CV_8U);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) m.at<unsigned char>(y, x) = static_cast<unsigned char>(img.at(x, y));
  return m;
}

// The kernel (or pipeline) `path` on the device in `configs` sampled configurations; `check`
// judges each run's outputs (by Image name). A bare name is a kernel of tests/imagecl/language/.
void on_device(const std::string& path, const Args& args, std::size_t configs,
               const std::function<void(const std::map<std::string, ref::Image>&)>& check) {
  const std::string relative = path.find('/') == std::string::npos ? "tests/imagecl/language/" + path + ".icl" : path;
  // By its absolute path: a pipeline's stages are read beside it.
  const auto r = compile(std::string(FILTERLAB_SOURCE_DIR) + "/" + relative, test::read_source(relative));
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = parse_space(r.space, "#pragma OPENCL FP_CONTRACT OFF\n" + r.opencl);
  auto& rt = test::runtime();
  std::size_t ran = 0;
  for (const auto& c : sample_configs(s, configs, 20261127, rt.device.info, kLanguageMaxUnrolled)) {
    INFO(config_id(s, c));
    check(run_on_device(rt, s, c, args));
    ++ran;
  }
  CHECK(ran == configs);
}

}  // namespace

TEST_CASE("pyrUp with OpenCV's borders, through the source's size, equals cv::pyrUp", "[imagecl][opencl][language]") {
  for (const auto& [w, h] : {std::pair<int, int>{19, 12}, {2, 2}, {7, 3}, {33, 17}}) {
    INFO(w << "x" << h);
    const auto in = input(w, h, 255, 5);
    cv::Mat want;
    cv::pyrUp(to_mat(in), want);
    const ref::Image out(2 * w, 2 * h);
    on_device("pyr_up", {{"in", image_arg(in)}, {"out", image_arg(out)}}, 3,
              [&](const std::map<std::string, ref::Image>& got) {
                double worst = 0;
                for (int y = 0; y < 2 * h; ++y)
                  for (int x = 0; x < 2 * w; ++x)
                    worst = std::max(worst, std::fabs(double(got.at("out").at(x, y)) - want.at<unsigned char>(y, x)));
                CHECK(worst == 0);
              });
  }
}

TEST_CASE("a wrap-border box sum equals the sum over border_index's torus", "[imagecl][opencl][language]") {
  for (const auto& [w, h] : {std::pair<int, int>{37, 23}, {3, 2}, {1, 5}}) {
    INFO(w << "x" << h);
    const auto in = input(w, h, 255, 9);
    ref::Image want(w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        for (int j = -2; j <= 2; ++j)
          for (int i = -2; i <= 2; ++i)
            want.at(x, y) +=
                in.at(ref::border_index(x + i, w, ref::Border::Wrap), ref::border_index(y + j, h, ref::Border::Wrap));
    const ref::Image out(w, h);
    on_device("blur_wrap", {{"in", image_arg(in)}, {"out", image_arg(out)}}, 3,
              [&](const std::map<std::string, ref::Image>& got) {
                CHECK(got.at("out").px == want.px);
              });  // integer sums: exact
  }
}

TEST_CASE("a Gabor filter from cos, sin and exp is within the stated bound of a double-precision Gabor",
          "[imagecl][opencl][language]") {
  const int w = 37, h = 23;
  const double theta = 0.7, sigma = 2.5, lambda = 4.0;
  const auto in = input(w, h, 255, 3);
  ref::Image want(w, h), magnitude(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double sum = 0, mag = 0;
      for (int j = -2; j <= 2; ++j)
        for (int i = -2; i <= 2; ++i) {
          const double xr = i * std::cos(theta) + j * std::sin(theta), yr = -i * std::sin(theta) + j * std::cos(theta);
          const double wt = std::exp(-(xr * xr + yr * yr) / (2 * sigma * sigma)) * std::cos(2 * M_PI * xr / lambda);
          const double p = in.at(ref::border_index(x + i, w, ref::Border::Reflect101),
                                 ref::border_index(y + j, h, ref::Border::Reflect101));
          sum += wt * p, mag += std::fabs(wt * p);
        }
      want.at(x, y) = static_cast<float>(sum), magnitude.at(x, y) = static_cast<float>(mag);
    }
  // Each of the 25 terms carries its weight's error (cos, sin and exp within 4, 4 and 3 ulp, a few
  // roundings between them: at most 16 ulp) and the float sum 25 roundings: |error| <= (16 + 25)
  // * 2^-23 * sum |w p| (each relative error at most 2^-23 of its term's magnitude, summed).
  const ref::Image out(w, h);
  double largest = 0, largest_abs = 0;
  on_device("gabor",
            {{"in", image_arg(in)},
             {"out", image_arg(out)},
             {"theta", scalar_arg(theta)},
             {"sigma", scalar_arg(sigma)},
             {"lambda", scalar_arg(lambda)}},
            4, [&](const std::map<std::string, ref::Image>& got) {
              double worst = 0;
              for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) {
                  const double e = std::fabs(got.at("out").at(x, y) - want.at(x, y));
                  worst = std::max(worst, e / ((16 + 25) * kTwoToMinus23 * magnitude.at(x, y)));
                  largest_abs = std::max(largest_abs, e);
                }
              INFO("largest error as a fraction of the bound: " << worst);
              CHECK(worst <= 1.0);
              largest = std::max(largest, worst);
            });
  WARN("Gabor against double precision: largest error " << largest_abs << ", " << largest << " of the bound");
}

TEST_CASE("the Sobel direction through helper functions equals atan2 of OpenCV's Sobel gradients",
          "[imagecl][opencl][language]") {
  const int w = 37, h = 23;
  const auto in = input(w, h, 255, 11);
  cv::Mat gx, gy;
  cv::Sobel(to_mat(in), gx, CV_64F, 1, 0, 3, 1, 0, cv::BORDER_REFLECT_101);
  cv::Sobel(to_mat(in), gy, CV_64F, 0, 1, 3, 1, 0, cv::BORDER_REFLECT_101);
  const ref::Image angle(w, h), mag(w, h);
  on_device("sobel_direction", {{"in", image_arg(in)}, {"angle", image_arg(angle)}, {"mag", image_arg(mag)}}, 4,
            [&](const std::map<std::string, ref::Image>& got) {
              double worst_angle = 0, worst_mag = 0;
              for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) {
                  const double dx = gx.at<double>(y, x), dy = gy.at<double>(y, x);
                  double deg = std::atan2(dy, dx) * 180.0 / M_PI;
                  if (deg < 0) deg += 360.0;
                  worst_angle = std::max(worst_angle, std::fabs(got.at("angle").at(x, y) - deg));
                  worst_mag = std::max(worst_mag, std::fabs(got.at("mag").at(x, y) - std::hypot(dx, dy)) /
                                                      std::max(1.0, std::hypot(dx, dy)));
                }
              // atan2 within 6 ulp, degrees' product and the addition of 360 a few more: 16 ulp of 360.
              WARN("Sobel direction against cv::Sobel and atan2: largest errors "
                   << worst_angle << " degrees, " << worst_mag << " relative in the magnitude");
              CHECK(worst_angle <= 16 * 360 * kTwoToMinus23);
              CHECK(worst_mag <= 4 * kTwoToMinus23);  // sqrt's 3 ulp and the rounding of gx^2 + gy^2
            });
}

TEST_CASE("fixed-width types, bool and long scalars and every rounding of the conversions equal plain C++",
          "[imagecl][opencl][language]") {
  const int w = 37, h = 23;
  const auto in = input(w, h, 4000, 2);
  for (const bool invert : {false, true}) {
    const long bias = -7;
    ref::Image want(w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int v = static_cast<int>(in.at(x, y));
        const float f = (static_cast<float>(v) / 16.0f + static_cast<float>(bias)) - 3.5f;
        const float rounded = x % 4 == 0   ? std::nearbyint(f)
                              : x % 4 == 1 ? std::trunc(f)
                              : x % 4 == 2 ? std::ceil(f)
                                           : std::floor(f);
        int r = std::min(255, std::max(0, static_cast<int>(rounded)));
        r = std::min(255, r + (v & 0x7f));
        const int d = std::min(v, 32767) - 2000;
        const int bits = __builtin_popcount(static_cast<unsigned>(v));
        r = y % 3 == 0 ? r : y % 3 == 1 ? std::min(255, std::abs(d) / 8) : (r + (bits * 16) % 256 + 1) >> 1;
        want.at(x, y) = static_cast<float>(invert ? 255 - r : r);
      }
    INFO("invert " << invert);
    const ref::Image out(w, h);
    on_device("conversions",
              {{"in", image_arg(in)},
               {"out", image_arg(out)},
               {"invert", scalar_arg(invert ? 1 : 0)},
               {"bias", scalar_arg(static_cast<double>(bias))}},
              3, [&](const std::map<std::string, ref::Image>& got) { CHECK(got.at("out").px == want.px); });
  }
}

TEST_CASE("a user's two-kernel pipeline, fused, equals the two passes computed in plain C++",
          "[imagecl][opencl][language]") {
  for (const auto& [w, h] : {std::pair<int, int>{37, 23}, {5, 3}}) {
    INFO(w << "x" << h);
    const auto in = input(w, h, 255, 4), orig = input(w, h, 255, 8);
    const float amount = 0.7f;
    ref::Image mid(w, h), want(w, h);
    const auto wrap = [&](int x) { return ref::border_index(x, w, ref::Border::Wrap); };
    const auto mirror = [&](int y) { return ref::border_index(y, h, ref::Border::Reflect101); };
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        mid.at(x, y) = in.at(wrap(x - 2), y) + 4 * in.at(wrap(x - 1), y) + 6 * in.at(x, y) + 4 * in.at(wrap(x + 1), y) +
                       in.at(wrap(x + 2), y);
    // Integer sums below 2^24 and a division by 256: every value is exact, so the result is too.
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const float blur = (mid.at(x, mirror(y - 2)) + 4 * mid.at(x, mirror(y - 1)) + 6 * mid.at(x, y) +
                            4 * mid.at(x, mirror(y + 1)) + mid.at(x, mirror(y + 2))) /
                           256.0f;
        const float o = orig.at(x, y), v = std::nearbyint(o + amount * (o - blur));
        want.at(x, y) = std::min(255.0f, std::max(0.0f, v));
      }
    const ref::Image out(w, h);
    on_device("tests/imagecl_tool/pipeline/unsharp_pipeline.icl",
              {{"smooth_rows_in", image_arg(in)},
               {"sharpen_cols_orig", image_arg(orig)},
               {"sharpen_cols_out", image_arg(out)},
               {"sharpen_cols_amount", scalar_arg(amount)}},
              4,
              [&](const std::map<std::string, ref::Image>& got) { CHECK(got.at("sharpen_cols_out").px == want.px); });
  }
}

// Vector pixels: a host Image of float4 (uchar4) pixels holds each pixel's 4 lanes side by side.
TEST_CASE("an RGBA to YCbCr conversion on float4 pixels is within 5 roundings of the same formula in double",
          "[imagecl][opencl][language]") {
  for (const auto& [w, h] : {std::pair<int, int>{37, 23}, {1, 1}, {5, 2}}) {
    INFO(w << "x" << h);
    const auto in = input(4 * w, h, 255, 13);
    const ref::Image out(4 * w, h);
    on_device("colour_ycbcr", {{"in", image_arg(in)}, {"out", image_arg(out)}}, 3,
              [&](const std::map<std::string, ref::Image>& got) {
                double worst = 0;
                for (int y = 0; y < h; ++y)
                  for (int x = 0; x < w; ++x) {
                    const double r = in.at(4 * x, y), g = in.at(4 * x + 1, y), b = in.at(4 * x + 2, y);
                    const double luma = double(0.299f) * r + double(0.587f) * g + double(0.114f) * b;
                    const double want[4] = {luma, double(0.564f) * (b - luma) + 128, double(0.713f) * (r - luma) + 128,
                                            in.at(4 * x + 3, y)};
                    for (int lane = 0; lane < 4; ++lane)
                      worst = std::max(worst, std::fabs(double(got.at("out").at(4 * x + lane, y)) - want[lane]));
                  }
                // Values below 512: each of the 5 float roundings on the way to a lane (dot's products
                // and sums, the difference, product and sum of the chroma) errs by at most 2^-15.
                WARN("YCbCr on float4 against the formula in double: largest error " << worst);
                CHECK(worst <= 5 * std::ldexp(1.0, -15));
              });
  }
}

TEST_CASE("a 1-2-1 blur of uchar4 pixels written as BGRA equals the blur of each channel with OpenCV's reflect101",
          "[imagecl][opencl][language]") {
  for (const auto& [w, h] : {std::pair<int, int>{37, 23}, {2, 3}, {1, 4}}) {
    INFO(w << "x" << h);
    const auto in = input(4 * w, h, 255, 17);
    ref::Image want(4 * w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        for (int lane = 0; lane < 4; ++lane) {
          const auto at = [&](int i) {
            return double(in.at(4 * ref::border_index(i, w, ref::Border::Reflect101) + lane, y));
          };
          const double sum = (at(x - 1) + 2 * at(x) + at(x + 1)) / 4;
          want.at(4 * x + (lane == 3 ? 3 : 2 - lane), y) = static_cast<float>(std::nearbyint(sum));  // ties to even
        }
    const ref::Image out(4 * w, h);
    on_device("bgra_blur", {{"in", image_arg(in)}, {"out", image_arg(out)}}, 3,
              [&](const std::map<std::string, ref::Image>& got) { CHECK(got.at("out").px == want.px); });
  }
}
