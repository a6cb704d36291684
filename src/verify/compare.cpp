#include "verify/compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace filterlab {

Comparison compare_images(const ref::Image& got, const ref::Image& want, double tolerance) {
  Comparison c;
  if (got.width != want.width || got.height != want.height) {
    c.max_abs_error = std::numeric_limits<double>::infinity();
    c.mismatches = want.size() + 1;
    return c;
  }
  for (int y = 0; y < want.height; ++y) {
    for (int x = 0; x < want.width; ++x) {
      const double g = got.at(x, y), w = want.at(x, y);
      // A NaN (the poison of unwritten pixels) or inf compares as an infinite error.
      const double err = std::isfinite(g) ? std::fabs(g - w) : std::numeric_limits<double>::infinity();
      if (err > tolerance) ++c.mismatches;
      if (err > c.max_abs_error || c.worst_x < 0) {
        c.max_abs_error = std::max(c.max_abs_error, err);
        c.worst_x = x;
        c.worst_y = y;
      }
    }
  }
  return c;
}

std::string Comparison::describe(const ref::Image& got, const ref::Image& want) const {
  std::ostringstream s;
  s << mismatches << " of " << want.size() << " pixels differ; max |error| " << max_abs_error;
  if (worst_x >= 0 && got.width == want.width && got.height == want.height)
    s << " at (" << worst_x << "," << worst_y << "): device " << got.at(worst_x, worst_y) << ", oracle "
      << want.at(worst_x, worst_y);
  return s.str();
}

}  // namespace filterlab
