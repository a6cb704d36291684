// Integer Scharr family: the 3x3 Scharr kernel stretched to N x N (derivative taps at the outer
// columns, smoothing 3-10-3 at rows 0, s, N-1). See scharr.hpp for the scaling convention.
#include "scharr.hpp"

#include <stdexcept>
#include <string>

namespace filterlab::ref {

namespace {

int half_size(int size) {
  if (!valid_scharr_size(size))
    throw std::invalid_argument("scharr: size must be 3, 5, 7 or 9, got " + std::to_string(size));
  return (size - 1) / 2;
}

}  // namespace

bool valid_scharr_size(int size) { return size == 3 || size == 5 || size == 7 || size == 9; }

std::pair<std::vector<double>, std::vector<double>> scharr_separable(int size, Axis axis) {
  const int s = half_size(size);
  const auto n = static_cast<std::size_t>(size);
  std::vector<double> deriv(n, 0.0);
  std::vector<double> smooth(n, 0.0);
  deriv.front() = -1.0;
  deriv.back() = 1.0;
  smooth.front() = 3.0;
  smooth[static_cast<std::size_t>(s)] = 10.0;
  smooth.back() = 3.0;
  if (axis == Axis::X) return {deriv, smooth};
  return {smooth, deriv};
}

Kernel2D scharr_kernel(int size, Axis axis) {
  const auto [kx, ky] = scharr_separable(size, axis);
  return outer_product(kx, ky);
}

double scharr_ramp_response(int size) { return 32.0 * half_size(size); }

}  // namespace filterlab::ref
