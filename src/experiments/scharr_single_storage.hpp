#pragma once
// Experiment "scharr_single_storage": the Scharr single filter (d/dx and d/dy) over every level of
// the study's 16-level pyramid, stored as images and as one buffer, sizes 3..9, on one device.
#include <string>
#include <vector>

#include "experiments/common.hpp"
#include "ocl/device.hpp"
#include "reference/border.hpp"

namespace filterlab {

struct ScharrStorageConfig : PyramidRunConfig {
  std::vector<int> sizes{3, 5, 7, 9};
  std::size_t local_w = 16, local_h = 16;
  ref::Border border = ref::Border::Reflect101;  // the study's BORDER_DEFAULT
};

// Runs, verifies against the oracle before timing, and writes the raw result file; returns its path.
std::string run_scharr_single_storage(const ocl::Device& device, const ScharrStorageConfig& config);

}  // namespace filterlab
