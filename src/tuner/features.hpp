#pragma once
// Configurations as model inputs: one column per parameter, scaled to [0, 1] over its value set
// (log2 of the value for parameters with more than two positive values: work-group sizes and
// coarsening factors act multiplicatively).
#include <Eigen/Dense>
#include <vector>

#include "tuner/space.hpp"

namespace filterlab::tuner {

class Features {
 public:
  explicit Features(const std::vector<Param>& params);
  int width() const { return static_cast<int>(lo_.size()); }
  Eigen::MatrixXd encode(const std::vector<Point>& points) const;

 private:
  std::vector<bool> log_;
  std::vector<double> lo_, span_;
};

}  // namespace filterlab::tuner
