// The blur family's weights (src/families/blur/, oracle reference/blur.hpp): tap i of a binomial
// (Gaussian) blur of odd size FL_BLUR_K is C(FL_BLUR_K - 1, i), a row of Pascal's triangle, here
// unnormalised; each pass sums integers and the final result is scaled by FL_BLUR_SCALE = 4^-(K-1),
// a power of two. On integer-valued data every partial sum is an integer below 2^24 (K <= 9), so
// every order of accumulation gives the oracle's result exactly.
#ifndef FL_BLUR_K
#error "FL_BLUR_K (the odd filter size) must be defined"
#endif
#define FL_BLUR_R (FL_BLUR_K / 2)
#define FL_BLUR_SCALE (1.0f / (float)(1 << (2 * (FL_BLUR_K - 1))))

// C(K - 1, i) by the running product C(m, j + 1) = C(m, j) (m - j) / (j + 1), exact in int.
inline float fl_binomial(const int i) {
  int c = 1;
  for (int j = 0; j < i; ++j) c = c * (FL_BLUR_K - 1 - j) / (j + 1);
  return (float)c;
}
