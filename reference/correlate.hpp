#pragma once
// 2-D correlation (what cv::filter2D computes, anchor at the kernel centre), accumulated in
// double and rounded once to float, with every OpenCV border mode.
#include <vector>

#include "border.hpp"
#include "image.hpp"

namespace filterlab::ref {

enum class Axis { X, Y };  // a derivative filter's direction: X is d/dx, Y is d/dy (the transpose)

struct Kernel2D {
  int width = 0;          // odd
  int height = 0;         // odd
  std::vector<double> w;  // row-major, height * width
  double at(int i, int j) const { return w[static_cast<std::size_t>(j) * width + i]; }
};

// The 2-D kernel of a separable pair: the outer product ky * kx^T (kx along x, ky along y).
Kernel2D outer_product(const std::vector<double>& kx, const std::vector<double>& ky);

// out(x, y) = sum_{j,i} k(i, j) * in(x + i - kw/2, y + j - kh/2), out-of-range taps mapped by
// border_index() or replaced by `constant`. Throws std::invalid_argument on even/empty kernels
// or an empty image.
Image correlate2d(const Image& src, const Kernel2D& k, Border border, double constant = 0.0);

// Separable form: the same result as correlate2d with the outer product ky * kx^T.
Image correlate_separable(const Image& src, const std::vector<double>& kx, const std::vector<double>& ky, Border border,
                          double constant = 0.0);

}  // namespace filterlab::ref
