#pragma once
// Experiment "scharr_single_storage": the Scharr single filter (d/dx and d/dy) over every level of
// the study's 16-level pyramid, stored as images and as one buffer, sizes 3..9, on one device.
#include <string>
#include <vector>

#include "ocl/device.hpp"
#include "reference/border.hpp"

namespace filterlab {

struct ScharrStorageConfig {
  std::string base_image;    // the derived 3866x4320 grey base (PGM)
  std::string results_dir;   // experiments/results: writes <dir>/scharr_single_storage/<slug>.json
  int scale = 0;             // 1, 2, 4, 8 (per dimension); 0: 1 on GPUs, FILTERLAB_CPU_SCALE or 4 on CPUs
  int warmup = 3;
  int repetitions = 0;       // 0: 30 on GPUs, 10 on CPUs
  std::vector<int> sizes{3, 5, 7, 9};
  std::size_t local_w = 16, local_h = 16;
  ref::Border border = ref::Border::Reflect101;  // the study's BORDER_DEFAULT
  unsigned seed = 20261122;  // shuffles the measurement order
};

// Runs, verifies against the oracle before timing, and writes the raw result file; returns its path.
std::string run_scharr_single_storage(const ocl::Device& device, const ScharrStorageConfig& config);

}  // namespace filterlab
