#pragma once
// The blur family's variants: a binomial (Gaussian) blur (reference/blur.hpp) on one float buffer,
// in two designs: "separable" (a row pass into a temporary buffer, then a column pass: two
// launches) and "2d" (K x K taps in one launch). Its stable ID, e.g. "blur.separable/buffer/k5/wg16x16",
// names the test, the benchmark row and the tuning cache row. Kernels: kernels/blur/.
#include <cstddef>
#include <string>
#include <vector>

#include "reference/border.hpp"

namespace filterlab {

struct BlurDesign {
  const char* name;     // "separable", "2d"
  const char* summary;  // one line for `filterlab variants`
  int launches;         // launches per filtered image
};
const std::vector<BlurDesign>& blur_designs();
// The sizes the family registers and `filter` accepts: 3, 5, 7.
const std::vector<int>& blur_sizes();

struct BlurVariant {
  std::string design = "separable";
  int ksize = 5;
  std::size_t local_w = 16, local_h = 16;

  std::string family() const { return "blur." + design; }
  std::string id() const;  // "blur.separable/buffer/k5/wg16x16"
  const BlurDesign& traits() const;
  std::vector<std::string> kernel_files() const;
  std::string build_options(ref::Border border) const;
};

// Every design at every size, 16x16 work-groups: what the registry lists.
std::vector<BlurVariant> registered_blur_variants();
// A variant from `filter`'s options; throws filterlab::Error naming what it takes.
BlurVariant make_blur_variant(const std::string& family, int ksize, std::size_t local_w = 16, std::size_t local_h = 16);

}  // namespace filterlab
