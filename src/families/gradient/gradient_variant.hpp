#pragma once
// One descriptor per gradient-filter variant, serving `verify`, `filter`, the tests and the
// experiments. Its stable ID, e.g. "scharr.double_local/images/k5/wg16x16", names the test, the
// benchmark row and the key in the raw results. The kernels (kernels/scharr/) and GradientRunner
// apply whatever coefficients the variant's CoefficientSet holds: Scharr's (the studies) or
// another derivative filter's (src/families/sobel_family.cpp).
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "families/gradient/level_store.hpp"
#include "ocl/program.hpp"
#include "reference/border.hpp"
#include "reference/correlate.hpp"
#include "reference/scharr.hpp"

namespace filterlab {

// How a local-memory variant copies its tile (the gradient study's Figure 5).
enum class CopyPattern { None, TwoLoop, Remap };
const char* copy_pattern_name(CopyPattern p);  // "none", "2loop", "remap"
// The study's rule: the 1-D remap up to 7x7, the two loops from 9x9 on.
CopyPattern article_copy_rule(int ksize);

// What a family combines (the gradient study's five cases and their combinations).
struct GradientFamily {
  const char* name = "";                 // e.g. "scharr.double_local"
  bool local = false;                    // tile in local memory
  CopyPattern copy = CopyPattern::None;  // for local families: fixed, or None = the article's rule
  bool both = false;                     // "double": d/dx and d/dy in one kernel
  bool predefined = false;               // coefficients compiled in, zero taps skipped (generated code)
  bool separable = false;                // two 1-D passes through a temporary level
  int rows = 1;                          // output pixels per work-item, stacked vertically (1: one pixel)
  bool one_launch = false;               // every level in one launch (buffer storage only; needs rows > 1)
  bool all_storages = false;             // also on image buffers and cubes (the storage study's families)
  const char* summary = "";
  // The storages it runs on: images and buffer; all four for the storage study's families; the
  // buffer alone for one-launch families (an image per level cannot be addressed from one launch).
  std::vector<Storage> storages() const;
  // Kernel launches per launch unit (a level on images, an octave on the buffer, the pyramid for a
  // one-launch family): d/dx and d/dy apart or together, times the separable form's two passes.
  int launches_per_unit() const { return (both ? 1 : 2) * (separable ? 2 : 1); }

  // A design row by name: design("scharr.double_local", "...").with_local().with_both().
  static GradientFamily design(const char* name, const char* summary) {
    GradientFamily f;
    f.name = name, f.summary = summary;
    return f;
  }
  GradientFamily& with_local(CopyPattern c = CopyPattern::None) { return local = true, copy = c, *this; }
  GradientFamily& with_both() { return both = true, *this; }
  GradientFamily& with_predefined() { return predefined = true, *this; }
  GradientFamily& with_separable() { return separable = true, *this; }
  GradientFamily& with_rows(int n) { return rows = n, *this; }
  GradientFamily& with_one_launch() { return one_launch = true, *this; }
  GradientFamily& with_all_storages() { return all_storages = true, *this; }
};

// A derivative filter's coefficients and the families (kernel designs) registered with them. The
// one place the gradient machinery (runner, predefined code, verify, tolerances) gets its
// coefficients from: through GradientVariant::kernel and GradientVariant::separable.
struct CoefficientSet {
  const char* name;        // "scharr": the first part of its families' names ("scharr.single")
  std::vector<int> sizes;  // the filter sizes it is registered and accepted at
  ref::Kernel2D (*kernel)(int ksize, ref::Axis axis);
  // {horizontal, vertical} with kernel(ksize, axis) == outer(vertical, horizontal)
  std::pair<std::vector<double>, std::vector<double>> (*separable)(int ksize, ref::Axis axis);
  std::vector<GradientFamily> families;
};
// Scharr's set (reference/scharr.hpp) and its families: Studies 1 and 2.
const CoefficientSet& scharr_coefficients();
// Scharr's families (scharr_coefficients().families).
const std::vector<GradientFamily>& scharr_families();

// One kernel of a variant, with the options it is built with.
struct KernelBuild {
  std::string kernel;   // kernel function name
  std::string options;  // complete build options
  std::string role;     // "x", "y", "xy" (both), "pass_h", "pass_v"
};

struct GradientVariant {
  std::string family;  // e.g. "scharr.single"
  Storage storage = Storage::Images;
  int ksize = 3;
  std::size_t local_w = 16, local_h = 16;
  const CoefficientSet* coefficients = &scharr_coefficients();  // holds `family`; Scharr's unless given

  std::string id() const;
  // 0x0 stands for the runtime's choice (NullRange), "wgdefault" in the ID.
  bool default_local_size() const { return local_w == 0 && local_h == 0; }
  // Registered for the storage study's work-group experiments only (the runtime's choice and the
  // local-size sweep of scharr.single), not for the gradient study's.
  bool storage_study_only() const { return family == "scharr.single" && (local_w != 16 || local_h != 16); }
  const GradientFamily& traits() const;
  ref::Kernel2D kernel(ref::Axis axis) const;                                           // the coefficients, KxK
  std::pair<std::vector<double>, std::vector<double>> separable(ref::Axis axis) const;  // {horizontal, vertical}
  CopyPattern copy_pattern() const;  // resolved (the rule applied); None without local memory
  std::vector<std::string> kernel_files() const;
  std::vector<ocl::GeneratedSource> generated_sources() const;
  std::vector<KernelBuild> kernel_builds(ref::Border border) const;
  std::string build_options(ref::Border border) const;  // every kernel's options, " | "-separated
  // Launches to compute both derivatives of what one launch covers: a level (images), a run of
  // equal-sized levels (the other storages) or every level (one-launch families).
  int launches_per_unit() const;
  // Local memory the tile needs (0 without local memory).
  std::size_t local_bytes() const;
};

// A set's families x storages x sizes at 16x16 work-groups.
std::vector<GradientVariant> gradient_variants(const CoefficientSet& set);
// Every registered Scharr variant: gradient_variants(scharr_coefficients()), plus the fastest
// family's work-group alternatives.
std::vector<GradientVariant> registered_scharr_variants();
// Registered variants whose ID contains `filter` (empty: all). Throws if none match.
std::vector<GradientVariant> find_scharr_variants(const std::string& filter);
// A GradientVariant of one of the set's families from family/storage/ksize/work-group; throws a
// filterlab::Error listing what is valid for bad input (even, zero or negative sizes included).
GradientVariant make_variant(const CoefficientSet& set, const std::string& family, const std::string& storage,
                             int ksize, std::size_t local_w = 16, std::size_t local_h = 16);
// The same for Scharr's families.
GradientVariant make_variant(const std::string& family, const std::string& storage, int ksize, std::size_t local_w = 16,
                             std::size_t local_h = 16);

}  // namespace filterlab
