#pragma once
// Straightforward CPU references for the self-test, following the oracle (reference/benchmarks.cpp):
// correlation (not convolution), double arithmetic rounded once, the oracle's borders; and the
// oracle's tolerances (reference/tolerances.hpp) for float results.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "../npp/npy_lite.hpp"
#include "border.cuh"

namespace cuda_hand {

using npp_peers::HostImage;

inline HostImage blank(int w, int h, bool u8) {
  HostImage o;
  o.width = w, o.height = h, o.u8 = u8;
  const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  if (u8)
    o.b.assign(n, 0);
  else
    o.f.assign(n, 0.f);
  return o;
}

// reference::sepconv: horizontal pass in double, vertical pass in double, BORDER_CONSTANT 0.
inline HostImage sepconv_ref(const HostImage& src, const std::vector<double>& kx, const std::vector<double>& ky) {
  const int w = src.width, h = src.height, rx = static_cast<int>(kx.size()) / 2, ry = static_cast<int>(ky.size()) / 2;
  std::vector<double> tmp(static_cast<std::size_t>(w) * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double acc = 0;
      for (int i = 0; i < static_cast<int>(kx.size()); ++i) {
        const int sx = x + i - rx;
        if (sx >= 0 && sx < w) acc += kx[static_cast<std::size_t>(i)] * src.f[static_cast<std::size_t>(y) * w + sx];
      }
      tmp[static_cast<std::size_t>(y) * w + x] = acc;
    }
  HostImage out = blank(w, h, false);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double acc = 0;
      for (int j = 0; j < static_cast<int>(ky.size()); ++j) {
        const int sy = y + j - ry;
        if (sy >= 0 && sy < h) acc += ky[static_cast<std::size_t>(j)] * tmp[static_cast<std::size_t>(sy) * w + x];
      }
      out.f[static_cast<std::size_t>(y) * w + x] = static_cast<float>(acc);
    }
  return out;
}

// reference::conv2d_u8: the exact double sum, BORDER_REPLICATE, saturate(round half to even).
inline HostImage conv2d_u8_ref(const HostImage& src, const std::vector<double>& k, int size) {
  const int w = src.width, h = src.height, r = size / 2;
  HostImage out = blank(w, h, true);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double acc = 0;
      for (int j = 0; j < size; ++j) {
        const int sy = clamp_index(y + j - r, h);
        for (int i = 0; i < size; ++i)
          acc += k[static_cast<std::size_t>(j * size + i)] *
                 src.b[static_cast<std::size_t>(sy) * w + clamp_index(x + i - r, w)];
      }
      out.b[static_cast<std::size_t>(y) * w + x] =
          static_cast<std::uint8_t>(std::clamp(std::nearbyint(acc), 0.0, 255.0));  // ties to even
    }
  return out;
}

// reference::harris with the Sobel scale s (the oracle's 1/8): reflect-101 in both steps.
inline HostImage harris_ref(const HostImage& src, double k, double s) {
  const int w = src.width, h = src.height;
  auto at = [&](int x, int y) {
    return static_cast<double>(src.f[static_cast<std::size_t>(reflect101(y, h)) * w + reflect101(x, w)]);
  };
  const std::size_t n = static_cast<std::size_t>(w) * h;
  std::vector<double> a(n), b(n), c(n);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const double ix = (at(x + 1, y - 1) - at(x - 1, y - 1) + 2.0 * (at(x + 1, y) - at(x - 1, y)) + at(x + 1, y + 1) -
                         at(x - 1, y + 1)) *
                        s;
      const double iy = (at(x - 1, y + 1) - at(x - 1, y - 1) + 2.0 * (at(x, y + 1) - at(x, y - 1)) + at(x + 1, y + 1) -
                         at(x + 1, y - 1)) *
                        s;
      const std::size_t i = static_cast<std::size_t>(y) * w + x;
      a[i] = ix * ix, b[i] = ix * iy, c[i] = iy * iy;
    }
  HostImage out = blank(w, h, false);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double sa = 0, sb = 0, sc = 0;
      for (int dy = -1; dy <= 0; ++dy)
        for (int dx = -1; dx <= 0; ++dx) {
          const std::size_t i = static_cast<std::size_t>(reflect101(y + dy, h)) * w + reflect101(x + dx, w);
          sa += a[i], sb += b[i], sc += c[i];
        }
      out.f[static_cast<std::size_t>(y) * w + x] = static_cast<float>(sa * sc - sb * sb - k * (sa + sc) * (sa + sc));
    }
  return out;
}

// tol::separable_accumulation_bound and tol::harris_bound (reference/tolerances.hpp).
constexpr double kUnitRoundoff = 5.9604644775390625e-08;  // 2^-24
inline double separable_bound(int taps, double sum_abs_h, double sum_abs_v, double max_abs_input) {
  const double nu = taps * kUnitRoundoff, gamma = nu / (1.0 - nu);
  return (2.0 * gamma + gamma * gamma + kUnitRoundoff) * sum_abs_h * sum_abs_v * max_abs_input;
}
inline double harris_bound(double max_abs_input) {  // for the oracle's s = 1/8 and k = 0.04
  const double x2 = max_abs_input * max_abs_input;
  return 1536.0 * kUnitRoundoff * x2 * x2;
}

}  // namespace cuda_hand
