#pragma once
// Experiment "imagecl_portability" (Study 6, the portability thesis): every device's tuned ImageCL
// configurations run on the device this runs on (the target). For each benchmark pipeline and each
// source device whose tuning result is in <results>/tuning/, the source's "best" configuration of
// every kernel of the pipeline is checked against the target's limits (unsupported pairs are
// recorded with the reason), verified against the oracle on the image it is timed on (a wrong
// result stops the run), then timed with the common protocol at the imagecl experiment's sizes.
#include <string>

#include "ocl/device.hpp"

namespace filterlab {

struct ImageclPortabilityRunConfig {
  std::string results_dir;  // reads <dir>/tuning/*.json, writes <dir>/imagecl_portability/<slug>.json
  std::string benchmarks;   // only benchmarks whose name contains this text
  int scale = 0;            // image side divisor: 0 = 1 on GPUs, 4 on CPU devices (as `imagecl`)
  int repetitions = 0;      // 0: 30 on GPUs, 10 on CPUs
  int warmup = 3;
  unsigned seed = 20261122;  // the input image (as `imagecl`) and the measurement order
};

// Runs the experiment, writes the raw result file and returns its path. Throws filterlab::Error
// when <dir>/tuning/ holds no tuning result or a pipeline disagrees with the oracle.
std::string run_imagecl_portability(const ocl::Device& device, const ImageclPortabilityRunConfig& config);

}  // namespace filterlab
