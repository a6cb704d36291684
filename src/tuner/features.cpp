#include "tuner/features.hpp"

#include <algorithm>
#include <cmath>

namespace filterlab::tuner {

Features::Features(const std::vector<Param>& params) {
  for (const auto& p : params) {
    const bool positive = std::all_of(p.values.begin(), p.values.end(), [](long v) { return v > 0; });
    const bool log = positive && p.values.size() > 2;
    double lo = 0, hi = 0;
    for (std::size_t i = 0; i < p.values.size(); ++i) {
      const double v = log ? std::log2(static_cast<double>(p.values[i])) : static_cast<double>(p.values[i]);
      lo = i ? std::min(lo, v) : v;
      hi = i ? std::max(hi, v) : v;
    }
    log_.push_back(log);
    lo_.push_back(lo);
    span_.push_back(hi > lo ? hi - lo : 1.0);
  }
}

Eigen::MatrixXd Features::encode(const std::vector<Point>& points) const {
  Eigen::MatrixXd x(static_cast<Eigen::Index>(points.size()), width());
  for (std::size_t r = 0; r < points.size(); ++r)
    for (std::size_t c = 0; c < lo_.size(); ++c) {
      const double v = static_cast<double>(points[r][c]);
      x(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) =
          ((log_[c] ? std::log2(v) : v) - lo_[c]) / span_[c];
    }
  return x;
}

}  // namespace filterlab::tuner
