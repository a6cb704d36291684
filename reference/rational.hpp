#pragma once
// A small exact rational number (64-bit numerator and denominator, always reduced, den > 0): just
// enough arithmetic to evaluate the OpenCL sampler formulas on a true coordinate such as k/10.
#include <cstdint>
#include <numeric>
#include <stdexcept>

namespace filterlab::ref {

struct Rational {
  std::int64_t num = 0, den = 1;

  Rational() = default;
  Rational(std::int64_t n, std::int64_t d = 1) : num(n), den(d) {  // NOLINT: implicit from integers
    if (den == 0) throw std::invalid_argument("Rational: zero denominator");
    if (den < 0) {
      num = -num;
      den = -den;
    }
    const std::int64_t g = std::gcd(num < 0 ? -num : num, den);
    if (g > 1) {
      num /= g;
      den /= g;
    }
  }

  double to_double() const { return static_cast<double>(num) / static_cast<double>(den); }
};

inline Rational operator+(const Rational& a, const Rational& b) {
  return {a.num * b.den + b.num * a.den, a.den * b.den};
}
inline Rational operator-(const Rational& a, const Rational& b) {
  return {a.num * b.den - b.num * a.den, a.den * b.den};
}
inline Rational operator*(const Rational& a, const Rational& b) { return {a.num * b.num, a.den * b.den}; }
inline bool operator==(const Rational& a, const Rational& b) { return a.num == b.num && a.den == b.den; }
inline bool operator<(const Rational& a, const Rational& b) { return a.num * b.den < b.num * a.den; }

// Largest integer <= r.
inline std::int64_t floor_int(const Rational& r) {
  const std::int64_t q = r.num / r.den;
  return (r.num % r.den != 0 && r.num < 0) ? q - 1 : q;
}
inline Rational floor(const Rational& r) { return {floor_int(r)}; }
inline Rational fabs(const Rational& r) { return {r.num < 0 ? -r.num : r.num, r.den}; }
// Round to the nearest integer, ties to even: what rint() does in the default rounding mode.
inline Rational rint(const Rational& r) {
  const std::int64_t f = floor_int(r);
  const Rational rest = r - Rational(f);  // in [0, 1)
  const Rational half(1, 2);
  if (rest < half) return {f};
  if (half < rest) return {f + 1};
  return {(f % 2 == 0) ? f : f + 1};
}

}  // namespace filterlab::ref
