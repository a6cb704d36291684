#pragma once
// The storage study's pyramid checks, run by `filterlab verify` and the tests: the pyramid built on
// the device against the oracle's, and key points read from every level in one launch.
#include <string>
#include <vector>

#include "families/gradient/level_store.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {

struct PyramidCheck {
  std::string id;  // "pyramid.build/<storage>" or "pyramid.keypoints/<storage>"
  bool passed = false;
  std::size_t compared = 0;  // pixels or points compared
  std::string failure;       // the first difference
};

// The registered check IDs, every storage type each; `filter` selects by ID text (empty: all).
std::vector<std::string> pyramid_check_ids(const std::string& filter = "");
// Runs one check by ID on an integer-valued pyramid (exact in float: zero tolerance). Key points on
// images or cubes raise Unsupported: one launch cannot reach every level there.
PyramidCheck run_pyramid_check(ocl::Runtime& rt, const std::string& id);

}  // namespace filterlab
