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

}  // namespace filterlab::tol
