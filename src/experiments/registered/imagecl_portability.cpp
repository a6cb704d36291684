// Registration of the portability experiment of Study 6 (experiments/imagecl_portability.hpp).
#include "experiments/imagecl_portability.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment imagecl_portability_experiment() {
  Experiment e;
  e.name = "imagecl_portability";
  e.study = "Study 6";
  e.description =
      "every device's tuned ImageCL configurations (results/tuning/*.json) run on this device: "
      "unsupported pairs named, the others verified and timed at the imagecl experiment's sizes";
  e.options = {variants_option("Only benchmarks whose name contains this text"),
               scale_option("Image side divisor (0: 1 on GPUs, 4 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    ImageclPortabilityRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.benchmarks = o.options.text("--variants");
    cfg.scale = static_cast<int>(o.options.integer("--scale"));
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    return run_imagecl_portability(d, cfg);
  };
  e.analysis = "imagecl_portability";
  e.also_reads = {"tuning", "imagecl", "peers", "peers_cuda", "peers_npp"};
  e.schema = "imagecl_portability.schema.json";
  e.cpu_scale = "image sides / 4 (--scale 1|2|4|8), 10 repetitions";
  e.quick_options = {"--scale", "8", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
