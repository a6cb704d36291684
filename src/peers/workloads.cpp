#include "peers/workloads.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "experiments/common.hpp"
#include "reference/benchmarks.hpp"
#include "reference/tolerances.hpp"
#include "verify/compare.hpp"

namespace filterlab::peers {

ref::Image random_float_image(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> v(0.0f, 1.0f);
  ref::Image img(n, n);
  for (auto& p : img.px) p = v(rng);
  return img;
}

ref::Image random_u8_image(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> v(0, 255);
  ref::Image img(n, n);
  for (auto& p : img.px) p = static_cast<float>(v(rng));
  return img;
}

Judgement judge(const Workload& w, const std::vector<ref::Image>& got) {
  Judgement c;
  if (got.size() != w.jobs.size()) {
    c.passed = false;
    c.detail = "returned " + std::to_string(got.size()) + " outputs for " + std::to_string(w.jobs.size()) + " jobs";
    return c;
  }
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto cmp = compare_images(got[i], *w.jobs[i].oracle, w.jobs[i].tolerance);
    c.max_abs_error = std::max(c.max_abs_error, cmp.max_abs_error);
    if (!cmp.passed() && c.passed) {
      c.passed = false;
      c.detail = w.jobs[i].label + ": " + cmp.describe(got[i], *w.jobs[i].oracle) + " (tolerance " +
                 std::to_string(w.jobs[i].tolerance) + ")";
    }
  }
  return c;
}

Workload scharr_pyramid_workload(const std::string& base_image, int scale, int ksize) {
  const PyramidInput in = load_pyramid(base_image, scale);
  Workload w;
  w.name = "scharr_pyramid";
  w.id = w.name + "/k" + std::to_string(ksize);
  w.ksize = ksize;
  w.width = in.base_width;
  w.height = in.base_height;
  w.border = "BORDER_REFLECT_101";
  w.definition =
      "d/dx and d/dy of every level of the 16-level pyramid with the oracle's integer Scharr-family "
      "kernel (reference/scharr), correlation, float";
  w.input_note = in.base_image + " reduced by " + std::to_string(scale) + " per side, pyramid of 16 levels";
  std::vector<std::shared_ptr<const ref::Image>> levels;
  for (const auto& l : in.levels) levels.push_back(std::make_shared<const ref::Image>(l));
  for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
    const auto oracle = octave_oracle(in, ksize, axis, ref::Border::Reflect101);
    std::vector<std::shared_ptr<const ref::Image>> shared;
    for (const auto& o : oracle) shared.push_back(std::make_shared<const ref::Image>(o));
    const double tolerance = scharr_tolerance(ksize, axis);
    for (std::size_t i = 0; i < levels.size(); ++i) {
      Job j;
      j.kind = OpKind::Scharr;
      j.ksize = ksize;
      j.axis = axis;
      j.input = levels[i];
      j.oracle = shared[i / 4];  // the levels of an octave are copies
      j.tolerance = tolerance;
      j.label = "level " + std::to_string(i) + (axis == ref::Axis::X ? " d/dx" : " d/dy");
      w.jobs.push_back(j);
    }
  }
  // Order as FilterLab's variants run: per level d/dx then d/dy is irrelevant for the work; keep x then y.
  w.pixels = 2 * in.pixels;
  w.bytes_min = 4ull * in.pixels * 3ull;  // read each level once, write two derivatives
  return w;
}

namespace {

double sum_abs(const std::vector<double>& w) {
  double s = 0;
  for (double v : w) s += std::abs(v);
  return s;
}

Workload single(const std::string& name, int n, int ksize, bool u8, OpKind kind, ref::Image src, ref::Image oracle,
                double tolerance) {
  Workload w;
  w.name = name;
  w.id = name + "/" + std::to_string(n);
  w.ksize = ksize;
  w.width = w.height = n;
  w.u8 = u8;
  Job j;
  j.kind = kind;
  j.ksize = ksize;
  j.input = std::make_shared<const ref::Image>(std::move(src));
  j.oracle = std::make_shared<const ref::Image>(std::move(oracle));
  j.tolerance = tolerance;
  j.label = name;
  w.jobs.push_back(j);
  w.pixels = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  w.bytes_min = w.pixels * (u8 ? 2ull : 8ull);
  return w;
}

}  // namespace

Workload sepconv_workload(int n, unsigned seed) {
  const auto kx = ref::sepconv_weights5(), ky = kx;
  ref::Image src = random_float_image(n, seed);
  ref::Image want = ref::sepconv(src, kx, ky);
  Workload w = single("sepconv5", n, 5, false, OpKind::SepConv, std::move(src), std::move(want),
                      tol::separable_accumulation_bound(5, sum_abs(kx), sum_abs(ky), 1.0));
  w.border = "BORDER_CONSTANT (0)";
  w.definition =
      "5x5 separable correlation with the binomial weights 1 4 6 4 1 / 16 (reference/benchmarks sepconv_weights5), "
      "float";
  w.input_note = "uniform random floats in [0, 1), seed " + std::to_string(seed);
  return w;
}

Workload conv2d_u8_workload(int n, unsigned seed) {
  ref::Image src = random_u8_image(n, seed);
  ref::Image want = ref::conv2d_u8(src, ref::conv2d_u8_weights5());
  Workload w = single("conv2d5_u8", n, 5, true, OpKind::Conv2dU8, std::move(src), std::move(want), tol::kU8MaxDiff);
  w.border = "BORDER_REPLICATE";
  w.definition =
      "5x5 non-separable correlation (reference/benchmarks conv2d_u8_weights5), 8-bit in and out, "
      "saturate(round half to even)";
  w.input_note = "uniform random integers 0..255, seed " + std::to_string(seed);
  return w;
}

Workload harris_workload(int n, unsigned seed) {
  ref::Image src = random_float_image(n, seed);
  ref::Image want = ref::harris(src, ref::kHarrisK);
  Workload w = single("harris", n, 3, false, OpKind::Harris, std::move(src), std::move(want), tol::harris_bound(1.0));
  w.border = "BORDER_REFLECT_101";
  w.definition =
      "cv::cornerHarris(src, dst, blockSize 2, ksize 3, k 0.04, BORDER_REFLECT_101): Sobel 3x3 / 8, "
      "products summed over x-1..x, y-1..y, R = a c - b^2 - k (a + c)^2";
  w.input_note = "uniform random floats in [0, 1), seed " + std::to_string(seed);
  return w;
}

}  // namespace filterlab::peers
