#pragma once
// Experiment "epsilon" (Study 5): every step of Qualcomm's epsilon-filter article on the Y plane
// of the low-quality JPEG (data/derive_epsilon.cpp), each verified against the oracle on that
// image before it is timed; the article's Table 2 per device, and a threshold sweep.
#include <string>
#include <vector>

#include "ocl/device.hpp"

namespace filterlab {

struct EpsilonRunConfig {
  std::string base_image;   // the Y plane (8-bit PGM), 3264x2448
  std::string results_dir;  // writes <dir>/epsilon/<slug>.json
  int scale = 0;            // centre crop to 1/scale per side: 0 = 1 on GPUs, 2 on CPUs
  int warmup = 3;
  int repetitions = 0;  // 0: 30 on GPUs, 10 on CPUs
  int threshold = 16;   // T of Table 2 and Figure 7
  // The sweep: these thresholds on these steps (all 256 values are slow on a CPU device).
  std::vector<int> sweep_thresholds{0, 4, 8, 16, 32, 64, 128, 255};
  std::vector<std::string> sweep_steps{"naive", "step3a", "step5b"};
  unsigned seed = 20261122;
};

// Runs, verifies every configuration on the image against the oracle before timing, writes the
// raw result file; returns its path.
std::string run_epsilon(const ocl::Device& device, const EpsilonRunConfig& config);

}  // namespace filterlab
