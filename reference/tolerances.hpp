#pragma once
// Every tolerance FilterLab uses, in one place, each with its justification.
#include <cstddef>

namespace filterlab::tol {

// Integer-valued inputs and integer weights whose partial sums stay below 2^24 are represented
// exactly in float, in any order of accumulation: device results must then equal the oracle bit
// for bit. Every indexing, border and storage test uses such data.
inline constexpr double kIntegerExact = 0.0;

// Unit roundoff of float32 (round to nearest).
inline constexpr double kFloatUnitRoundoff = 5.9604644775390625e-08;  // 2^-24

// Random float data: a float accumulation of n products differs from the exact sum by at most
// gamma_n * sum|w_i x_i| (Higham, "Accuracy and Stability of Numerical Algorithms", eq. 3.4), with
// gamma_n = n u / (1 - n u); the final rounding of the double oracle adds u * |result| <= u * that sum.
// We check |device - oracle| <= (gamma_n + u) * sum|w| * max|x| over the whole image.
inline double float_accumulation_bound(std::size_t taps, double sum_abs_weights, double max_abs_input) {
  const double nu = static_cast<double>(taps) * kFloatUnitRoundoff;
  return (nu / (1.0 - nu) + kFloatUnitRoundoff) * sum_abs_weights * max_abs_input;
}

// A separable filter applied as two rounded float passes (n taps each, weights summing in absolute
// value to sum_abs_h and sum_abs_v): pass one is off by at most gamma_n * H * X and its results
// are at most (1 + gamma_n) * H * X in size; pass two adds gamma_n * V * (1 + gamma_n) * H * X and
// carries pass one's error times V. With the oracle's rounding: (2 gamma_n + gamma_n^2 + u) V H X.
inline double separable_accumulation_bound(std::size_t taps_per_pass, double sum_abs_h, double sum_abs_v,
                                           double max_abs_input) {
  const double nu = static_cast<double>(taps_per_pass) * kFloatUnitRoundoff;
  const double gamma = nu / (1.0 - nu);
  return (2.0 * gamma + gamma * gamma + kFloatUnitRoundoff) * sum_abs_h * sum_abs_v * max_abs_input;
}

// OpenCL samplers (Study 3). The specification leaves the precision of normalized-coordinate
// addressing and of LINEAR filtering open; the Khronos conformance tests (OpenCL-CTS,
// test_conformance/images/kernel_read_write) pick these rules, and we judge devices by them:
//  - NEAREST with normalized coordinates: a read that does not match the texel at the coordinate
//    is retried at the coordinate moved by -0.1 and +0.1 texel (NORM_OFFSET in the CTS's
//    testBase.h); a match there passes. So near a texel edge either neighbour is conformant.
//    Unnormalized NEAREST reads get no offset: they must match exactly.
inline constexpr double kSamplerNearestOffsetTexels = 0.1;
//  - LINEAR on CL_FLOAT: |value - reference| <= (2^-7 + 2 FLT_EPSILON) * max |tap| over the texels
//    taking part, at least FLT_MIN (get_max_relative_error and get_max_absolute_error in the CTS's
//    imageHelpers.cpp: the spec itself allows any error; the CTS "picked a number"). The
//    reference is the formula in float32.
inline constexpr double kSamplerLinearRelative = 0.0078125 + 2.0 * 1.1920928955078125e-07;  // 2^-7 + 2 * 2^-23
inline constexpr double kFloatMin = 1.1754943508222875e-38;                                 // FLT_MIN
inline double sampler_linear_bound(double max_abs_tap) {
  const double b = kSamplerLinearRelative * max_abs_tap;
  return b > kFloatMin ? b : kFloatMin;
}

// Epsilon filter (Study 5). Every integer step computes the oracle's sum, count and rounding
// exactly: zero tolerance (kIntegerExact). The article's naive step works in float: it reads
// p / 255 (CL_UNORM_INT8), adds up to 81 such values in float, divides by the count and converts
// mean * 255 to 8 bits rounding to nearest even (convert_uchar_sat_rte). Its choice of neighbours
// is exact (it compares |c - p| with (T + 1/2) / 255, half a grey level from any integer
// difference, far beyond float error). Its mean * 255 differs from the exact sum / count by at
// most about 2 * 81 * u * 255 = 2.5e-3 grey levels (81 rounded reads, 81 rounded additions, the
// division and the scaling); so its 8-bit result can differ from the oracle's (sum + count/2) /
// count only where the exact mean lies within that distance of a half grey level k + 1/2 (exact
// halves included: round-half-even vs half-up), and then by one grey level. We allow a difference
// of exactly 1 at pixels whose exact mean lies within this window of k + 1/2, and nowhere else.
inline constexpr int kEpsilonFloatMaxDiff = 1;
inline constexpr double kEpsilonFloatHalfWindow = 0.01;  // grey levels, 4x the bound above

// ImageCL benchmarks and the peers (Study 6). Separable convolution: separable_accumulation_bound.
// Non-separable 8-bit convolution: a float evaluation may land on the other side of a half grey
// level than the exact sum, so an 8-bit result may differ by one (OpenCV's own rule for 8-bit
// outputs in its OpenCL tests); dyadic weights on integer data are exact and get zero tolerance.
inline constexpr int kU8MaxDiff = 1;
// FP contraction (an ImageCL kernel's `exact 0`, OpenCL's default FP_CONTRACT ON): fusing a * b + c
// into one fma drops the rounding of a * b, so the result moves by at most u |a b| per fused
// product (the rounding error it no longer makes); it rounds once where two roundings were, so every
// accumulation bound above (gamma_n per sum, Higham's model counts each product's rounding) still
// holds. Dyadic weights on integers are exact either way (zero tolerance in both modes); 8-bit
// outputs of other data may differ by one (kU8MaxDiff), as for any float evaluation.
inline double contracted_product_bound(double a, double b) {
  const double p = a * b < 0 ? -(a * b) : a * b;
  return kFloatUnitRoundoff * p;
}
// Harris (cornerHarris, blockSize 2, ksize 3) evaluated in float on inputs |x| <= X. The Sobel
// weights sum in absolute value to 8 and are scaled by 1/8, so |Ix|, |Iy| <= X with an absolute
// error d <= (gamma_6 + u) X (6 non-zero taps, one scaling). a, b, c sum 4 products: |a| <= 4X^2,
// error <= 4 (2 X d + d^2 + u X^2) + gamma_4 4 X^2 <= 19 u * 4 X^2. Then a*c and b^2 (<= 16 X^4)
// carry at most (2 * 19 + 1) u * 16 X^4 each, k (a + c)^2 (k = 0.04, <= 0.04 * 64 X^4) carries
// (2 * 19 + 1) u of it, and the two subtractions add u * (32 + 2.56) X^4 each:
// (39 * 16 * 2 + 39 * 2.56 + 2 * 34.56) u X^4 < 1420 u X^4. We allow 1536 u X^4, first order only.
inline double harris_bound(double max_abs_input) {
  const double x2 = max_abs_input * max_abs_input;
  return 1536.0 * kFloatUnitRoundoff * x2 * x2;
}

// One float division (the ImageCL box blur's sum / 9 of an exact integer sum): OpenCL C allows
// 2.5 ulp for single-precision x / y (OpenCL C spec, "Relative Error as ULPs"; without
// -cl-fp32-correctly-rounded-divide-sqrt) and the oracle's once-rounded double is within 0.5 ulp:
// 3 ulp of the result, an ulp of v being at most 2^-23 |v| (at least FLT_MIN's ulp for v = 0).
inline double float_divide_bound(double v) {
  const double a = v < 0 ? -v : v;
  const double ulp = a * 1.1920928955078125e-07;  // 2^-23 |v|
  return 3.0 * (ulp > 1.401298464324817e-45 ? ulp : 1.401298464324817e-45);
}

}  // namespace filterlab::tol
