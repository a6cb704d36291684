// OpenCV's Sobel kernels by the binomial-and-difference rule; see sobel.hpp.
#include "sobel.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace filterlab::ref {

std::vector<double> sobel_kernel_1d(int ksize, int order) {
  if (ksize < 3 || ksize > 31 || ksize % 2 == 0)
    throw std::invalid_argument("sobel: the kernel size must be odd, 3 to 31, got " + std::to_string(ksize));
  if (order < 0 || order >= ksize)
    throw std::invalid_argument("sobel: the derivative order must be 0 to " + std::to_string(ksize - 1) + " for size " +
                                std::to_string(ksize) + ", got " + std::to_string(order));
  // Binomial coefficients of degree ksize - 1 - order (Pascal's rule, in place from the right).
  std::vector<double> k{1.0};
  for (int d = 0; d < ksize - 1 - order; ++d) {
    k.push_back(0.0);
    for (std::size_t i = k.size() - 1; i > 0; --i) k[i] += k[i - 1];
  }
  // Each difference d[i] = b[i-1] - b[i] (b zero outside) makes the kernel one tap longer.
  for (int m = 0; m < order; ++m) {
    std::vector<double> d(k.size() + 1, 0.0);
    for (std::size_t i = 0; i < d.size(); ++i) d[i] = (i > 0 ? k[i - 1] : 0.0) - (i < k.size() ? k[i] : 0.0);
    k = std::move(d);
  }
  return k;
}

std::pair<std::vector<double>, std::vector<double>> sobel_separable(int size, Axis axis) {
  auto deriv = sobel_kernel_1d(size, 1);
  auto smooth = sobel_kernel_1d(size, 0);
  if (axis == Axis::X) return {std::move(deriv), std::move(smooth)};
  return {std::move(smooth), std::move(deriv)};
}

Kernel2D sobel_kernel(int size, Axis axis) {
  const auto [kx, ky] = sobel_separable(size, axis);
  return outer_product(kx, ky);
}

double sobel_ramp_response(int size) {
  sobel_kernel_1d(size, 1);  // validates the size
  return std::ldexp(1.0, 2 * size - 3);
}

}  // namespace filterlab::ref
