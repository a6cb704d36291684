#pragma once
// The Scharr derivative family 3x3..9x9 of the gradient-filter study.
//
// Scaling: we use the integer form for every size. For N = 2s+1 the d/dx kernel has six non-zero
// taps: columns 0 and N-1 hold -w and +w, with w = 3 in rows 0 and N-1 and w = 10 in row s. For
// N = 3 this is exactly cv::Scharr's kernel. The study's 5x5..9x9 kernels (KAZE's formula) are these
// divided by 32*s; integer weights keep float results exact on integer-valued data. The response to a
// unit ramp f(x) = x is 32*s.
#include <utility>
#include <vector>

#include "correlate.hpp"

namespace filterlab::ref {

bool valid_scharr_size(int size);  // 3, 5, 7 or 9
Kernel2D scharr_kernel(int size, Axis axis);
// {kx, ky} with scharr_kernel(size, axis) == outer(ky, kx).
std::pair<std::vector<double>, std::vector<double>> scharr_separable(int size, Axis axis);
double scharr_ramp_response(int size);  // 32 * (size - 1) / 2

}  // namespace filterlab::ref
