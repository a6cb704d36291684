#pragma once
// Summary statistics for timing samples: median, quartiles and a distribution-free confidence
// interval of the median (Le Boudec, "Performance Evaluation of Computer and Communication Systems",
// Thm. 2.1, normal approximation of the binomial ranks; used by Hoefler & Belli, SC'15).
#include <cstddef>
#include <vector>

namespace filterlab {

struct Summary {
  double median = 0, q1 = 0, q3 = 0, ci95_low = 0, ci95_high = 0, min = 0, max = 0;
  std::size_t n = 0;
};

// Linear-interpolation quantile (Hyndman & Fan type 7, numpy's default) of sorted data.
double quantile_sorted(const std::vector<double>& sorted, double q);
// Throws std::invalid_argument on an empty sample.
Summary summarize(std::vector<double> samples);

}  // namespace filterlab
