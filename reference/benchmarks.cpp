// The ImageCL benchmarks' oracle: direct double arithmetic on top of correlate*, clarity over speed.
#include "benchmarks.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "border.hpp"

namespace filterlab::ref {

Image sepconv(const Image& src, const std::vector<double>& kx, const std::vector<double>& ky) {
  return correlate_separable(src, kx, ky, Border::Constant, 0.0);
}

Image conv2d_u8(const Image& src, const Kernel2D& k) {
  for (float v : src.px)
    if (!(v >= 0.0f && v <= 255.0f) || v != std::floor(v))
      throw std::invalid_argument("conv2d_u8: input pixels must be integers 0..255, got " + std::to_string(v));
  // correlate2d rounds the double sum to float once; the 8-bit rounding needs the double sum, so
  // sum here directly (the same loop, replicate border).
  if (k.width <= 0 || k.width % 2 == 0 || k.height <= 0 || k.height % 2 == 0)
    throw std::invalid_argument("conv2d_u8: kernel sides must be positive and odd");
  const int rx = k.width / 2, ry = k.height / 2;
  Image out(src.width, src.height);
  for (int y = 0; y < src.height; ++y)
    for (int x = 0; x < src.width; ++x) {
      double acc = 0.0;
      for (int j = 0; j < k.height; ++j) {
        const int sy = border_index(y + j - ry, src.height, Border::Replicate);
        for (int i = 0; i < k.width; ++i)
          acc += k.at(i, j) * src.at(border_index(x + i - rx, src.width, Border::Replicate), sy);
      }
      out.at(x, y) = static_cast<float>(std::clamp(std::nearbyint(acc), 0.0, 255.0));  // ties to even
    }
  return out;
}

Image harris(const Image& src, double k) {
  if (src.width <= 0 || src.height <= 0 || src.empty()) throw std::invalid_argument("harris: the image is empty");
  const int w = src.width, h = src.height;
  const auto at = [&](int x, int y) {
    return static_cast<double>(src.at(border_index(x, w, Border::Reflect101), border_index(y, h, Border::Reflect101)));
  };
  const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  std::vector<double> a(n), b(n), c(n);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const double ix = (at(x + 1, y - 1) - at(x - 1, y - 1) + 2.0 * (at(x + 1, y) - at(x - 1, y)) + at(x + 1, y + 1) -
                         at(x - 1, y + 1)) /
                        8.0;
      const double iy = (at(x - 1, y + 1) - at(x - 1, y - 1) + 2.0 * (at(x, y + 1) - at(x, y - 1)) + at(x + 1, y + 1) -
                         at(x + 1, y - 1)) /
                        8.0;
      const std::size_t i = static_cast<std::size_t>(y) * w + x;
      a[i] = ix * ix;
      b[i] = ix * iy;
      c[i] = iy * iy;
    }
  Image out(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      double sa = 0.0, sb = 0.0, sc = 0.0;
      for (int dy = -1; dy <= 0; ++dy)
        for (int dx = -1; dx <= 0; ++dx) {
          const std::size_t i = static_cast<std::size_t>(border_index(y + dy, h, Border::Reflect101)) * w +
                                static_cast<std::size_t>(border_index(x + dx, w, Border::Reflect101));
          sa += a[i];
          sb += b[i];
          sc += c[i];
        }
      out.at(x, y) = static_cast<float>(sa * sc - sb * sb - k * (sa + sc) * (sa + sc));
    }
  return out;
}

std::vector<double> sepconv_weights5() { return {1 / 16.0, 4 / 16.0, 6 / 16.0, 4 / 16.0, 1 / 16.0}; }

Kernel2D conv2d_u8_weights5() {
  const int w[25] = {0,  -1, -2, -1, 0,   //
                     -1, 2,  4,  2,  -1,  //
                     -2, 4,  56, 4,  -2,  //
                     -1, 2,  4,  2,  -1,  //
                     0,  -1, -2, -1, 0};
  Kernel2D k;
  k.width = k.height = 5;
  for (int v : w) k.w.push_back(v / 64.0);
  return k;
}

}  // namespace filterlab::ref
