// Registration of the peers (OpenCV, Halide; src/peers): run by the filterlab-peers binary, one
// process per OpenCL device (OpenCV's OpenCL device is fixed per process); the CUDA peers
// (experiments/peers/gpu_peers.py: CuPy, PyTorch) where an NVIDIA device, cupy and torch exist.
#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment peers_experiment() {
  Experiment e;
  e.name = "peers";
  e.study = "Peers";
  e.description =
      "OpenCV (CPU, UMat) and Halide (CPU, OpenCL) on the studies' workloads; CuPy and PyTorch on CUDA GPUs";
  e.input = Input::BaseImage;
  e.options = {scale_option("Pyramid scale divisor 1, 2, 4 or 8 (0: 1 on GPUs, $FILTERLAB_CPU_SCALE or 4 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs")};
  e.runner = "filterlab-peers";
  e.run_usage =
      "for d in $(filterlab-peers list --device PATTERN): filterlab-peers run --device \"$d\" --base "
      "build/data/base_3866x4320.pgm --results DIR [--scale N] [--repetitions N]; then, where CUDA exists: "
      "filterlab-peers export --base BASE --out DIR/peers_inputs && python3 experiments/peers/gpu_peers.py "
      "--inputs DIR/peers_inputs --results DIR";
  e.analysis = "peers";
  e.also_reads = {"peers_cuda", "peers_npp"};
  e.schema = "peers.schema.json";
  e.cpu_scale = "sizes / 4 per side ($FILTERLAB_CPU_SCALE or --scale), 10 repetitions";
  e.quick_options = {"--scale", "8", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
