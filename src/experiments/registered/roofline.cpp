// Registration of the roofline's ceilings (experiments/roofline.hpp). First in the list: the other
// experiments' analyses may read its result.
#include "experiments/roofline.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment roofline_experiment() {
  Experiment e;
  e.name = "roofline";
  e.study = "Roofline";
  e.description =
      "the device's ceilings: copy bandwidth, FP32 issue rate without and with contraction (fma), int/float "
      "conversion rates, local-memory loads; ImageCL kernels' per-pixel counts";
  e.options = {repetitions_option("30 on GPUs, 10 on CPUs")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    RooflineRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    return run_roofline(d, cfg);
  };
  e.analysis = "roofline";
  // The floors of Study 6a's tuned pipelines; a CPU's native ceilings (scripts/run-experiments.sh runs
  // experiments/roofline/native/ after this experiment on every CPU device).
  e.also_reads = {"imagecl", "roofline_native"};
  e.schema = "roofline.schema.json";
  e.cpu_scale = "compute units x 512 work-items instead of x 16384, copy buffer 128 MiB, 10 repetitions";
  e.quick_options = {"--repetitions", "3"};
  return e;
}

}  // namespace filterlab::experiments
