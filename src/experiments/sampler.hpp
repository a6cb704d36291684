#pragma once
// Experiment "sampler" (Study 3): the article's sampler table, every sampler configuration over a
// grid of coordinates, and the OpenCV borders the samplers reproduce, judged by the spec oracle.
#include <string>

#include "ocl/device.hpp"

namespace filterlab {

struct SamplerRunConfig {
  std::string results_dir;  // writes <dir>/sampler/<slug>.json
};

// Runs both probes, prints the article-layout table, writes the raw result file; returns its path.
std::string run_sampler(const ocl::Device& device, const SamplerRunConfig& config);

}  // namespace filterlab
