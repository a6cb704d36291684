#pragma once
// Whole-image comparison of a device result with the oracle.
#include <cstddef>
#include <string>

#include "reference/image.hpp"

namespace filterlab {

struct Comparison {
  double max_abs_error = 0.0;  // +inf if sizes differ or any value is NaN/inf where the oracle is finite
  int worst_x = -1, worst_y = -1;
  std::size_t mismatches = 0;  // pixels whose error exceeds the tolerance
  bool passed() const { return mismatches == 0; }
  std::string describe(const ref::Image& got, const ref::Image& want) const;
};

Comparison compare_images(const ref::Image& got, const ref::Image& want, double tolerance);

}  // namespace filterlab
