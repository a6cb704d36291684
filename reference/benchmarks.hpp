#pragma once
// The three workloads of the ImageCL paper (Study 6), also the peers' workloads 2-4: what every
// ImageCL configuration and every peer library is judged against. Computed in double, rounded once.
#include <vector>

#include "correlate.hpp"
#include "image.hpp"

namespace filterlab::ref {

// Benchmark 1: separable KxK convolution of a float image, constant-0 border (the paper's
// "constant boundary"): correlate_separable(src, kx, ky, Border::Constant, 0).
Image sepconv(const Image& src, const std::vector<double>& kx, const std::vector<double>& ky);

// Benchmark 2: non-separable convolution of an 8-bit image (pixel values 0..255 held as floats),
// clamped (= OpenCV's replicate) border; the 8-bit result is what cv::filter2D(CV_8U) returns:
// saturate to 0..255 after rounding the exact sum to nearest, ties to even.
Image conv2d_u8(const Image& src, const Kernel2D& k);

// Benchmark 3: the Harris response exactly as cv::cornerHarris(src, dst, blockSize = 2, ksize = 3,
// k, BORDER_REFLECT_101) defines it on a float image:
//   Ix, Iy = 3x3 Sobel derivatives scaled by 1/8 (OpenCV's 1 / ((1 << (ksize - 1)) * blockSize)),
//   a, b, c = Ix^2, Ix*Iy, Iy^2 each summed, unnormalised, over the 2x2 window x-1..x, y-1..y
//   (boxFilter's anchor for an even size), reflect-101 borders in both steps,
//   R = a*c - b^2 - k*(a + c)^2.
Image harris(const Image& src, double k = 0.04);

// The standard weights of the benchmarks, shared by our kernels, the peers and the tests. Dyadic
// weights keep integer-valued inputs exact in float (zero-tolerance checks).
std::vector<double> sepconv_weights5();  // binomial 1 4 6 4 1 / 16
Kernel2D conv2d_u8_weights5();           // a non-separable sharpening kernel / 64 (sum 1)
inline constexpr double kHarrisK = 0.04;

}  // namespace filterlab::ref
