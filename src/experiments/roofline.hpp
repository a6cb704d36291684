#pragma once
// Experiment "roofline": the device's ceilings, measured: copy bandwidth (measure::measure_copy_bandwidth)
// of a large buffer and of each ImageCL kernel's own bytes at the side Study 6a times it,
// FP32 issue rate without and with contraction, conversion rates and local-memory bandwidth
// (measure::measure_roofline), plus every embedded ImageCL kernel's per-pixel operation counts, so that
// the analysis derives each kernel's floors on each device without a device
// (experiments/analysis/filterlab_analysis/roofline.py).
#include <nlohmann/json.hpp>
#include <string>

#include "ocl/device.hpp"
#include "measure/roofline.hpp"

namespace filterlab {

struct RooflineRunConfig {
  std::string results_dir;  // writes <dir>/roofline/<slug>.json
  int repetitions = 0;      // 0: 30 on GPUs, 10 on CPUs
  int warmup = 3;
};

// Measures, writes the raw result file; returns its path.
std::string run_roofline(const ocl::Device& device, const RooflineRunConfig& config);

// One result row per probe (family "roofline.<probe>"), with its rate, interval and raw samples.
nlohmann::json roofline_rows(const measure::Roofline& r);
// Every embedded ImageCL kernel's OpCounts as recorded (`known` false where the compiler gave none).
nlohmann::json imagecl_counts_json();

}  // namespace filterlab
