#pragma once
// The binomial (Gaussian) blur: the oracle of the blur family (src/families/blur/). The 1-D kernel
// of odd size n is the row C(n-1, i), i = 0..n-1, of Pascal's triangle ([1 2 1] at n = 3, [1 4 6 4 1]
// at n = 5, [1 6 15 20 15 6 1] at n = 7), normalised by its sum 2^(n-1); the 2-D kernel is the outer
// product, normalised by 4^(n-1). Our own implementation of the rule: tests/reference checks it
// against cv::getGaussianKernel (which returns these rows for n = 3 and 5, and a table of its own at
// n = 7), cv::sepFilter2D and cv::GaussianBlur.
// Every weight is a dyadic rational and every unnormalised partial sum of a filter of size n <= 9 on
// 8-bit data is an integer below 255 * 4^(n-1) <= 255 * 65536 < 2^24: float results on
// integer-valued images are exact in any order of accumulation, so the family is judged with zero
// tolerance.
#include <vector>

#include "correlate.hpp"

namespace filterlab::ref {

// C(ksize-1, i) for odd ksize in 1..31 (unnormalised integer weights, summing to 2^(ksize-1));
// throws std::invalid_argument naming the valid range otherwise.
std::vector<double> binomial_weights(int ksize);
// binomial_weights(ksize) / 2^(ksize-1): the normalised 1-D kernel.
std::vector<double> binomial_kernel_1d(int ksize);
// The normalised 2-D kernel, outer(binomial_kernel_1d, binomial_kernel_1d).
Kernel2D binomial_kernel(int ksize);
// The blur of `src` with the normalised ksize x ksize binomial kernel (OpenCV's default border,
// reflect101, unless given); `constant` is the value outside for Border::Constant.
Image binomial_blur(const Image& src, int ksize, Border border = Border::Reflect101, double constant = 0.0);

}  // namespace filterlab::ref
