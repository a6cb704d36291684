#include "blur.hpp"

#include <stdexcept>
#include <string>

namespace filterlab::ref {

std::vector<double> binomial_weights(int ksize) {
  if (ksize < 1 || ksize > 31 || ksize % 2 == 0)
    throw std::invalid_argument("binomial blur size " + std::to_string(ksize) + ": use an odd size 1..31");
  // Row n-1 of Pascal's triangle by the running product C(m, i+1) = C(m, i) (m - i) / (i + 1), exact
  // in double (at most C(30, 15) < 2^53).
  const int m = ksize - 1;
  std::vector<double> w(static_cast<std::size_t>(ksize));
  double c = 1.0;
  for (int i = 0; i < ksize; ++i) {
    w[static_cast<std::size_t>(i)] = c;
    c = c * (m - i) / (i + 1);
  }
  return w;
}

std::vector<double> binomial_kernel_1d(int ksize) {
  auto w = binomial_weights(ksize);
  const double sum = static_cast<double>(1L << (ksize - 1));  // exact: a power of two
  for (auto& v : w) v /= sum;
  return w;
}

Kernel2D binomial_kernel(int ksize) {
  const auto k = binomial_kernel_1d(ksize);
  return outer_product(k, k);
}

Image binomial_blur(const Image& src, int ksize, Border border, double constant) {
  const auto k = binomial_kernel_1d(ksize);
  return correlate_separable(src, k, k, border, constant);
}

}  // namespace filterlab::ref
