#pragma once
// Whether a result file may be kept by a resumed pipeline: only when this binary's commit and the
// kernel files it would use now are the ones that produced it.
#include <string>

#include "experiments/registry.hpp"

namespace filterlab::experiments {

// "" when `result_file` exists, is JSON with a provenance, and its commit and every kernel hash it
// records equal this binary's commit and the kernels it would load now, neither built from a
// modified tree; otherwise why not.
std::string stale_reason(const std::string& result_file);
// <results>/<experiment>/<device slug>.json
std::string result_path(const std::string& results_dir, const std::string& experiment, const ocl::Device& device);

}  // namespace filterlab::experiments
