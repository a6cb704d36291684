#pragma once
// Experiment "tiled" (Study 4): AMD's tiled separable convolution against the naive, two-pass and
// one-pass local-memory designs; time against image size for 3x3 and 5x5, the whole image and an
// interior ROI; every configuration verified (exactly, with a poisoned target) before it is timed;
// the access counts of every design from instrumented runs.
#include <string>

#include "ocl/device.hpp"

namespace filterlab {

struct TiledRunConfig {
  std::string results_dir;  // writes <dir>/tiled/<slug>.json
  std::string variants;     // only designs whose variant ID contains this text
  int repetitions = 0;      // 0: 30 on GPUs, 10 on CPUs
  int warmup = 3;
  int max_size = 0;  // 0: 8192 on GPUs, 2048 on CPU devices (FILTERLAB_TILED_MAX_SIZE overrides)
  unsigned seed = 20261122;
};

// Runs the experiment, prints the roofline fraction of the tiled 5x5 at 4096^2 (the performance
// target; or at the largest size run), writes the raw result file and returns its path.
std::string run_tiled(const ocl::Device& device, const TiledRunConfig& config);

}  // namespace filterlab
