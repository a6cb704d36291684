#pragma once
// Experiment "imagecl" (Study 6a): sampled configurations of the generated ImageCL benchmark
// kernels, each pipeline verified against the oracle on the image it is timed on, then every
// kernel configuration timed with the common protocol (warm-up, shuffled rounds, profiling events).
#include <cstddef>
#include <string>

#include "ocl/device.hpp"

namespace filterlab {

struct ImageclRunConfig {
  std::string results_dir;   // writes <dir>/imagecl/<slug>.json
  std::string benchmarks;    // only benchmarks whose name contains this text
  std::size_t samples = 16;  // configurations per kernel (every parameter value at least once)
  long max_unrolled = 0;     // > 0: samples' bodies unrolled at most this often (imagecl::sample_configs)
  int scale = 0;             // image side divisor: 0 = 1 on GPUs, 4 on CPU devices
  int repetitions = 0;       // 0: 30 on GPUs, 10 on CPUs
  int warmup = 3;
  unsigned seed = 20261122;
};

// Runs the experiment on the paper's sizes (4096^2 float, 8192^2 uchar, 5120^2 float, divided by
// the scale), writes the raw result file and returns its path.
std::string run_imagecl(const ocl::Device& device, const ImageclRunConfig& config);

}  // namespace filterlab
