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

}  // namespace filterlab::tol
