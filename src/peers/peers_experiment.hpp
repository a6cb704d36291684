#pragma once
// Experiment "peers": OpenCV (CPU, UMat/OpenCL) and Halide (CPU, OpenCL) on the four workloads,
// every output judged by the oracle with the tolerances of FilterLab's own kernels, then timed
// (warm-up, shuffled rounds, median with IQR and raw samples). Writes <results>/peers/<slug>.json.
// `export_peer_inputs` writes the same inputs, oracle outputs and tolerances as .npy files with a
// manifest, for the Python peers (CuPy, PyTorch) on the GPU host.
#include <string>

#include "ocl/device.hpp"

namespace filterlab::peers {

struct PeersRunConfig {
  std::string base_image;  // the derived 3866x4320 base (workload 1)
  std::string results_dir;
  std::string peers;      // only peers whose name contains this text (empty: all)
  std::string workloads;  // only workloads whose ID contains this text (empty: all)
  int scale = 0;          // per-side divisor of every workload's size: 0 = 1 on GPUs, FILTERLAB_CPU_SCALE or 4 on CPUs
  int repetitions = 0;    // 0: 30 on GPUs, 10 on CPUs
  int warmup = 3;
  unsigned seed = 20261122;
};

std::string run_peers(const ocl::Device& device, const PeersRunConfig& cfg);

// Writes <out>/manifest.json and the .npy files of every workload at `scale`; returns the manifest path.
std::string export_peer_inputs(const std::string& base_image, const std::string& out, int scale, unsigned seed);

}  // namespace filterlab::peers
