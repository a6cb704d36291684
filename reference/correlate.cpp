// Direct 2-D and separable correlation in double, rounded once to float: the judge for every device
// variant, so clarity beats speed (only the border lookups are tabulated).
#include "correlate.hpp"

#include <stdexcept>
#include <string>

namespace filterlab::ref {

namespace {

void check_image(const Image& src, const char* who) {
  if (src.width <= 0 || src.height <= 0 || src.empty())
    throw std::invalid_argument(std::string(who) + ": the image is empty");
  if (src.size() != static_cast<std::size_t>(src.width) * static_cast<std::size_t>(src.height))
    throw std::invalid_argument(std::string(who) + ": pixel count does not match width * height");
}

void check_size(int n, const char* who, const char* what) {
  if (n <= 0 || n % 2 == 0)
    throw std::invalid_argument(std::string(who) + ": kernel " + what + " must be positive and odd, got " +
                                std::to_string(n));
}

// map[t] = source index of tap position t - r (t in [0, len + 2r)), or -1 for a constant tap.
std::vector<int> border_table(int len, int r, Border b) {
  std::vector<int> map(static_cast<std::size_t>(len) + 2 * static_cast<std::size_t>(r));
  for (std::size_t t = 0; t < map.size(); ++t) map[t] = border_index(static_cast<int>(t) - r, len, b);
  return map;
}

}  // namespace

Kernel2D outer_product(const std::vector<double>& kx, const std::vector<double>& ky) {
  Kernel2D k;
  k.width = static_cast<int>(kx.size());
  k.height = static_cast<int>(ky.size());
  k.w.resize(kx.size() * ky.size());
  for (std::size_t j = 0; j < ky.size(); ++j)
    for (std::size_t i = 0; i < kx.size(); ++i) k.w[j * kx.size() + i] = ky[j] * kx[i];
  return k;
}

Image correlate2d(const Image& src, const Kernel2D& k, Border border, double constant) {
  check_size(k.width, "correlate2d", "width");
  check_size(k.height, "correlate2d", "height");
  if (k.w.size() != static_cast<std::size_t>(k.width) * static_cast<std::size_t>(k.height))
    throw std::invalid_argument("correlate2d: kernel has " + std::to_string(k.w.size()) + " weights, expected " +
                                std::to_string(k.width) + " * " + std::to_string(k.height));
  check_image(src, "correlate2d");

  const int rx = k.width / 2;
  const int ry = k.height / 2;
  const std::vector<int> xmap = border_table(src.width, rx, border);
  const std::vector<int> ymap = border_table(src.height, ry, border);

  Image out(src.width, src.height);
  for (int y = 0; y < src.height; ++y) {
    for (int x = 0; x < src.width; ++x) {
      double acc = 0.0;
      for (int j = 0; j < k.height; ++j) {
        const int sy = ymap[static_cast<std::size_t>(y + j)];
        for (int i = 0; i < k.width; ++i) {
          const int sx = xmap[static_cast<std::size_t>(x + i)];
          const double v = (sx < 0 || sy < 0) ? constant : static_cast<double>(src.at(sx, sy));
          acc += k.at(i, j) * v;
        }
      }
      out.at(x, y) = static_cast<float>(acc);
    }
  }
  return out;
}

Image correlate_separable(const Image& src, const std::vector<double>& kx, const std::vector<double>& ky, Border border,
                          double constant) {
  check_size(static_cast<int>(kx.size()), "correlate_separable", "width (kx size)");
  check_size(static_cast<int>(ky.size()), "correlate_separable", "height (ky size)");
  check_image(src, "correlate_separable");

  const int w = src.width;
  const int h = src.height;
  const int rx = static_cast<int>(kx.size()) / 2;
  const int ry = static_cast<int>(ky.size()) / 2;
  const std::vector<int> xmap = border_table(w, rx, border);
  const std::vector<int> ymap = border_table(h, ry, border);

  // Horizontal pass in double. A row outside the image is all constant, so its row sum is the same
  // for every x: rows_const = sum kx * constant (matches correlate2d, where such taps are constant).
  std::vector<double> tmp(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      double acc = 0.0;
      for (std::size_t i = 0; i < kx.size(); ++i) {
        const int sx = xmap[static_cast<std::size_t>(x) + i];
        acc += kx[i] * (sx < 0 ? constant : static_cast<double>(src.at(sx, y)));
      }
      tmp[static_cast<std::size_t>(y) * w + x] = acc;
    }
  }
  double row_const = 0.0;
  for (const double c : kx) row_const += c * constant;

  Image out(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      double acc = 0.0;
      for (std::size_t j = 0; j < ky.size(); ++j) {
        const int sy = ymap[static_cast<std::size_t>(y) + j];
        acc += ky[j] * (sy < 0 ? row_const : tmp[static_cast<std::size_t>(sy) * w + x]);
      }
      out.at(x, y) = static_cast<float>(acc);
    }
  }
  return out;
}

}  // namespace filterlab::ref
