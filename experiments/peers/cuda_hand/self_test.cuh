#pragma once
// --self-test: every variant on small, awkward sizes of random images and random definitions,
// against the CPU references of cpu_reference.hpp (run on the GPU host before timing). Sizes cross
// the strips (128 or 256 columns), the rows per warp (32, 64, 80) and the edge paths (1-pixel
// images, a last segment of one row, the narrowest interior strip of the cp.async path).

#include <cuda_runtime.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "cpu_reference.hpp"
#include "device_image.cuh"
#include "floor_kernels.cuh"
#include "judge.hpp"
#include "measure.cuh"
#include "timing.cuh"
#include "variants.cuh"

namespace cuda_hand {

class SelfTest {
 public:
  SelfTest(cudaStream_t stream, unsigned seed) : stream_(stream), rng_(seed) {}

  int run() {
    const int sizes[][2] = {{1, 1},     {2, 2},     {3, 1},    {1, 9},     {7, 5},     {64, 300},
                            {128, 64},  {129, 65},  {130, 67}, {255, 81},  {257, 300}, {259, 33},
                            {260, 161}, {517, 130}, {1000, 3}, {1030, 200}};
    for (const auto& s : sizes) {
      sepconv(s[0], s[1]);
      conv2d(s[0], s[1], random_dyadic(), "random n/64");
      harris(s[0], s[1]);
    }
    // Rounding and saturation, and weights the integer path must refuse (float path only).
    conv2d(257, 300, single_tap(0.5), "centre 1/2: ties to even");
    conv2d(130, 67, single_tap(-1.0), "centre -1: saturation at 0");
    conv2d(130, 67, single_tap(3.0), "centre 3: saturation at 255");
    conv2d(257, 300, non_dyadic(), "n/10: not integers times 2^-k", true);
    floor_copy();
    std::printf("self-test: %d checks, %d failed\n", checks_, failures_);
    return failures_ ? 1 : 0;
  }

 private:
  cudaStream_t stream_;
  std::mt19937 rng_;
  int checks_ = 0, failures_ = 0;

  void report(bool ok, const std::string& what) {
    ++checks_;
    if (!ok) ++failures_;
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  }

  HostImage random_float(int w, int h) {
    HostImage img = blank(w, h, false);
    std::uniform_real_distribution<float> d(0.f, 1.f);
    for (float& p : img.f) p = d(rng_);
    return img;
  }
  HostImage random_u8(int w, int h) {
    HostImage img = blank(w, h, true);
    std::uniform_int_distribution<int> d(0, 255);
    for (auto& p : img.b) p = static_cast<std::uint8_t>(d(rng_));
    return img;
  }

  // Each runnable variant once, judged against want; expect_na: the exact ones must refuse.
  void check_all(const std::vector<Variant>& vs, const HostImage& want, double tolerance, const std::string& what,
                 bool expect_na = false) {
    for (const Variant& v : vs) {
      const std::string name = what + " " + v.name;
      if (!v.not_applicable.empty()) {
        report(expect_na && v.exact, name + ": not applicable (" + v.not_applicable + ")");
        continue;
      }
      if (expect_na && v.exact) {
        report(false, name + ": ran, but its exactness cannot hold for these weights");
        continue;
      }
      const std::string err = run_once(v.launch, stream_);
      if (!err.empty()) {
        report(false, name + ": " + err);
        continue;
      }
      const Verdict r = judge(download(*v.out), want, v.exact ? 0.0 : tolerance);
      char buf[64];
      std::snprintf(buf, sizeof buf, ": max |error| %.3g", r.max_abs_error);
      report(r.passed, name + buf + (r.passed ? "" : "; " + r.detail));
    }
  }

  static std::string dims(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

  void sepconv(int w, int h) {
    std::uniform_real_distribution<float> d(-1.f, 1.f);
    SepconvDef def;
    double sx = 0, sy = 0;
    for (int i = 0; i < 5; ++i) {  // float-exact weights: the kernels hold them as floats
      def.kx.push_back(d(rng_)), def.ky.push_back(d(rng_));
      sx += std::fabs(def.kx.back()), sy += std::fabs(def.ky.back());
    }
    const HostImage src = random_float(w, h);
    DevImage in(w, h, false);
    upload(src, in);
    check_all(sepconv_variants(def, in), sepconv_ref(src, def.kx, def.ky), separable_bound(5, sx, sy, 1.0),
              "sepconv5 " + dims(w, h));
  }

  Conv2dDef random_dyadic() {
    std::uniform_int_distribution<int> n(-8, 8), c(20, 60);
    Conv2dDef d;
    d.size = 5;
    for (int i = 0; i < 25; ++i) d.w.push_back((i == 12 ? c(rng_) : n(rng_)) / 64.0);
    return d;
  }
  static Conv2dDef single_tap(double centre) {
    Conv2dDef d;
    d.size = 5;
    d.w.assign(25, 0.0);
    d.w[12] = centre;
    return d;
  }
  Conv2dDef non_dyadic() {
    std::uniform_int_distribution<int> n(-2, 2);
    Conv2dDef d;
    d.size = 5;
    for (int i = 0; i < 25; ++i) d.w.push_back((i == 12 ? 6 : n(rng_)) / 10.0);
    return d;
  }

  // The manifest's rule for 8-bit outputs: 1 (a float sum may round the other way); exact variants 0.
  void conv2d(int w, int h, const Conv2dDef& def, const std::string& label, bool expect_na = false) {
    const HostImage src = random_u8(w, h);
    DevImage in(w, h, true);
    upload(src, in);
    check_all(conv2d_u8_variants(def, in), conv2d_u8_ref(src, def.w, def.size), 1.0,
              "conv2d5_u8 " + dims(w, h) + " (" + label + ")", expect_na);
  }

  void harris(int w, int h) {
    HarrisDef def;
    def.k = 0.04, def.sobel_scale = 0.125, def.block_size = 2, def.sobel_size = 3;  // harris_bound's assumptions
    const HostImage src = random_float(w, h);
    DevImage in(w, h, false);
    upload(src, in);
    check_all(harris_variants(def, in), harris_ref(src, def.k, def.sobel_scale), harris_bound(1.0),
              "harris " + dims(w, h));
  }

  // The floor's copies copy, and a flushed sample runs.
  void floor_copy() {
    const HostImage src = random_float(256, 67);
    DevImage in(256, 67, false), out(256, 67, false);
    upload(src, in);
    int sms = 0;
    cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
    Timer timer(stream_, std::size_t{1} << 24, sms);
    for (const FloorCandidate& c : floor_candidates(in, out.ptr, in.pixel_bytes(), sms)) {
      cuda_check(cudaMemset(out.ptr, 0, out.pitch * 67), "cudaMemset");
      const double ms = timer.sample(c.launch.enqueue);
      const Verdict r = judge(download(out), src, 0.0);
      report(r.passed && ms >= 0, "floor " + c.name + " 256x67: " + (r.passed ? "a copy" : r.detail));
    }
  }
};

inline int self_test(cudaStream_t stream, unsigned seed) { return SelfTest(stream, seed).run(); }

}  // namespace cuda_hand
