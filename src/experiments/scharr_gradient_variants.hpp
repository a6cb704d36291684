#pragma once
// Experiment "scharr_gradient_variants" (study 1, the gradient-filter optimisations): every
// registered Scharr variant (single, local with both copy patterns, separation, double,
// predefined and their combinations; images and buffer; sizes 3..9) computes d/dx and d/dy of
// every level of the 16-level pyramid on one device. Every configuration is compared with the
// oracle before anything is timed.
#include <string>
#include <vector>

#include "experiments/common.hpp"
#include "ocl/device.hpp"
#include "reference/border.hpp"

namespace filterlab {

struct GradientVariantsConfig : PyramidRunConfig {
  std::string variants;                          // only variant IDs containing this text (empty: all registered)
  ref::Border border = ref::Border::Reflect101;  // the study's BORDER_DEFAULT
};

// Runs, verifies, writes the raw result file and prints the roofline summary; returns the path.
std::string run_scharr_gradient_variants(const ocl::Device& device, const GradientVariantsConfig& config);

}  // namespace filterlab
