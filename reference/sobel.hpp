#pragma once
// OpenCV's Sobel derivative kernels: what cv::getDerivKernels returns for ksize >= 3 with
// normalize = false, and so what cv::Sobel applies at its default scale 1. Our own implementation
// of the rule (tests/reference/test_sobel.cpp checks it against OpenCV):
//  - the 1-D kernel of size n for derivative order m is the row of binomial coefficients of degree
//    n - 1 - m (n - m taps), differenced m times, each difference d[i] = b[i-1] - b[i] adding a tap;
//  - order 0 is smoothing ([1 2 1] at n = 3), order 1 the derivative ([-1 0 1] at n = 3);
//  - the 2-D d/dx kernel is outer(smoothing, derivative), d/dy its transpose.
// Every weight is an integer: the smoothing sums to 2^(n-1), the derivative's absolute weights to
// 2 C(n-2, (n-3)/2) (70 at n = 9), so a 9x9 filter on 8-bit data sums at most 255 * 256 * 70, far
// below 2^24: float results on integer-valued data are exact. A unit ramp f(x) = x is answered
// with 2^(n-1) * 2^(n-2) = 2^(2n-3).
#include <utility>
#include <vector>

#include "correlate.hpp"

namespace filterlab::ref {

// The 1-D kernel of odd size `ksize` (3..31, OpenCV's range) for derivative order `order`
// (0 <= order < ksize). Throws std::invalid_argument naming the valid range otherwise.
std::vector<double> sobel_kernel_1d(int ksize, int order);
// {kx, ky} with sobel_kernel(size, axis) == outer(ky, kx): {derivative, smoothing} for X.
std::pair<std::vector<double>, std::vector<double>> sobel_separable(int size, Axis axis);
Kernel2D sobel_kernel(int size, Axis axis);
double sobel_ramp_response(int size);  // 2^(2 size - 3)

}  // namespace filterlab::ref
