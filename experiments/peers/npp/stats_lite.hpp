#pragma once
// Summaries of timing samples, exactly as src/stats.cpp (type-7 quantiles, distribution-free CI of
// the median), as JSON text: shared by the NPP peer and the hand-written CUDA peer (../cuda_hand/).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "json_lite.hpp"

namespace npp_peers {

inline double quantile_sorted(const std::vector<double>& s, double q) {
  const double pos = q * static_cast<double>(s.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(pos)), hi = std::min(lo + 1, s.size() - 1);
  return s[lo] + (pos - static_cast<double>(lo)) * (s[hi] - s[lo]);
}

inline std::string summarize(std::vector<double> s) {
  std::sort(s.begin(), s.end());
  const double n = static_cast<double>(s.size()), half = 1.96 * std::sqrt(n);
  auto clamp = [&](double r) { return static_cast<std::size_t>(std::min(std::max(r, 1.0), n) - 1); };
  const double lo = std::floor((n - half) / 2.0), hi = std::ceil(1.0 + (n + half) / 2.0);
  Obj o;
  o.num("median", quantile_sorted(s, 0.5)).num("q1", quantile_sorted(s, 0.25)).num("q3", quantile_sorted(s, 0.75));
  o.num("ci95_low", s[clamp(lo)]).num("ci95_high", s[clamp(hi)]).num("min", s.front()).num("max", s.back());
  o.put("n", std::to_string(s.size()));
  return o.dump(1, 3);
}

inline double median(std::vector<double> s) {
  std::sort(s.begin(), s.end());
  return quantile_sorted(s, 0.5);
}

}  // namespace npp_peers
