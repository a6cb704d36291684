#include "stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace filterlab {

double quantile_sorted(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) throw std::invalid_argument("quantile of an empty sample");
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

Summary summarize(std::vector<double> samples) {
  if (samples.empty()) throw std::invalid_argument("summary of an empty sample");
  std::sort(samples.begin(), samples.end());
  Summary s;
  s.n = samples.size();
  s.median = quantile_sorted(samples, 0.5);
  s.q1 = quantile_sorted(samples, 0.25);
  s.q3 = quantile_sorted(samples, 0.75);
  s.min = samples.front();
  s.max = samples.back();
  // 1-based ranks floor((n - 1.96 sqrt n) / 2) and ceil(1 + (n + 1.96 sqrt n) / 2), clamped.
  const double n = static_cast<double>(s.n);
  const double half = 1.96 * std::sqrt(n);
  const auto lo = static_cast<long>(std::floor((n - half) / 2.0));
  const auto hi = static_cast<long>(std::ceil(1.0 + (n + half) / 2.0));
  const long last = static_cast<long>(s.n);
  s.ci95_low = samples[static_cast<std::size_t>(std::clamp(lo, 1L, last) - 1)];
  s.ci95_high = samples[static_cast<std::size_t>(std::clamp(hi, 1L, last) - 1)];
  return s;
}

}  // namespace filterlab
