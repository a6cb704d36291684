#pragma once
// Study 4's variants (AMD's tiled separable convolution and the designs it is compared with): one
// descriptor per variant with a stable ID, e.g. "tiled.amd/k5/wg8x8", serving `verify`, `filter`,
// `variants`, the tests and the `tiled` experiment. All run on buffers with source and target ROIs.
#include <cstddef>
#include <string>
#include <vector>

#include "reference/border.hpp"

namespace filterlab {

struct TiledDesign {
  const char* name;    // e.g. "tiled.amd"
  const char* file;    // kernel file under kernels/
  const char* kernel;  // kernel function
  std::size_t local_w, local_h;
  int pixels_per_item;  // output pixels per work-item along each axis (4 for the tiled kernel)
  int passes;           // launches per filtering (2 for two-pass)
  bool broadcast;       // tiled: the paper's broadcast writes in groups not free on write
  const char* summary;
};
const std::vector<TiledDesign>& tiled_designs();

struct TiledVariant {
  std::string design = "tiled.amd";
  int ksize = 3;

  const TiledDesign& traits() const;
  std::string id() const;  // "<design>/k<K>/wg<W>x<H>"
  std::vector<std::string> kernel_files() const;
  // Complete build options; `count`: the instrumented build (-DFL_COUNT=1).
  std::string build_options(ref::Border border, bool count = false) const;
  // Local memory the kernel declares, bytes.
  std::size_t local_bytes() const;
  // The padded NDRange for a w x h ROI (per pass for two-pass: pass 2 runs on h x w).
  std::size_t global_w(int w, int h) const;
  std::size_t global_h(int w, int h) const;
};

// Filter sizes: the paper's 3x3 and 5x5, and every odd size up to 9x9 (its conclusion).
inline constexpr int kTiledSizes[] = {3, 5, 7, 9};

std::vector<TiledVariant> registered_tiled_variants();
// Registered tiled variants whose ID contains `filter` (empty: all); may be empty.
std::vector<TiledVariant> find_tiled_variants(const std::string& filter);
// Throws filterlab::Error listing what is valid.
TiledVariant make_tiled_variant(const std::string& design, int ksize);
bool is_tiled_design(const std::string& name);

// Work-groups of the tiled kernel per class for a w x h ROI and filter radius r (the paper's
// classes: free on read / not, free on write / not), computed on the host from the same rule the
// kernel applies. Index: (free_read ? 1 : 0) + (free_write ? 2 : 0).
struct TiledClassCounts {
  std::size_t groups[4] = {0, 0, 0, 0};
  std::size_t total() const { return groups[0] + groups[1] + groups[2] + groups[3]; }
};
TiledClassCounts tiled_class_counts(int w, int h, int radius);

}  // namespace filterlab
