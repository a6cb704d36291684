#pragma once
// Experiment "scharr_gradient_variants" (study 1, the gradient-filter optimisations): every
// registered Scharr variant (single, local with both copy patterns, separation, double,
// predefined and their combinations; images and buffer; sizes 3..9) computes d/dx and d/dy of
// every level of the 16-level pyramid on one device. Every configuration is compared with the
// oracle before anything is timed.
#include <string>
#include <vector>

#include "ocl/device.hpp"
#include "reference/border.hpp"

namespace filterlab {

struct GradientVariantsConfig {
  std::string base_image;    // the derived 3866x4320 grey base (PGM)
  std::string results_dir;   // writes <dir>/scharr_gradient_variants/<slug>.json
  int scale = 0;             // 1, 2, 4, 8 (per dimension); 0: 1 on GPUs, FILTERLAB_CPU_SCALE or 4 on CPUs
  int warmup = 3;
  int repetitions = 0;       // 0: 30 on GPUs, 10 on CPUs
  std::string variants;      // only variant IDs containing this text (empty: all registered)
  ref::Border border = ref::Border::Reflect101;  // the study's BORDER_DEFAULT
  unsigned seed = 20261122;  // shuffles the measurement order
};

// Runs, verifies, writes the raw result file and prints the roofline summary; returns the path.
std::string run_scharr_gradient_variants(const ocl::Device& device, const GradientVariantsConfig& config);

}  // namespace filterlab
