#pragma once
// One descriptor per filter variant, serving `verify`, `filter`, the tests and the experiments.
// Its stable ID, e.g. "scharr.single/images/k5/wg16x16", names the test, the benchmark row and the
// CSV/JSON key.
#include <cstddef>
#include <string>
#include <vector>

#include "filters/level_store.hpp"
#include "reference/border.hpp"
#include "reference/scharr.hpp"

namespace filterlab {

struct Variant {
  std::string family;  // e.g. "scharr.single"
  Storage storage = Storage::Images;
  int ksize = 3;
  std::size_t local_w = 16, local_h = 16;

  std::string id() const;
  std::vector<std::string> kernel_files() const;
  std::string kernel_name() const;
  std::string build_options(ref::Border border) const;
  // Taps each output pixel reads (for the tolerance on random data).
  std::size_t taps() const { return static_cast<std::size_t>(ksize) * static_cast<std::size_t>(ksize); }
};

// Every registered variant (families x storages x sizes x work-groups).
std::vector<Variant> registered_variants();
// Registered variants whose ID contains `filter` (empty: all). Throws if none match.
std::vector<Variant> find_variants(const std::string& filter);
// The variant with exactly this ID, or a Variant built from family/storage/ksize; throws a
// filterlab::Error listing what is valid for bad input (even, zero or negative sizes included).
Variant make_variant(const std::string& family, const std::string& storage, int ksize, std::size_t local_w = 16,
                     std::size_t local_h = 16);

}  // namespace filterlab
