// Registration of Study 6a, the generated ImageCL benchmarks (experiments/imagecl.hpp).
#include "experiments/imagecl.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment imagecl_experiment() {
  Experiment e;
  e.name = "imagecl";
  e.study = "Study 6a";
  e.description =
      "tuned (the tuning result's best) and sampled configurations of the generated ImageCL kernels, "
      "each verified, at the paper's sizes";
  e.options = {OptionSpec::integer("--samples", "Configurations per kernel, every parameter value at least once", 16, 0,
                                   1000000000L),
               OptionSpec::integer("--max-unrolled",
                                   "Sample only configurations whose bodies are unrolled at most this often (0: any)",
                                   0, 0, 1000000000L),
               variants_option("Only benchmarks whose name contains this text"),
               scale_option("Image side divisor (0: 1 on GPUs, 4 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    ImageclRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.benchmarks = o.options.text("--variants");
    cfg.samples = static_cast<std::size_t>(o.options.integer("--samples"));
    cfg.max_unrolled = o.options.integer("--max-unrolled");
    cfg.scale = static_cast<int>(o.options.integer("--scale"));
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    return run_imagecl(d, cfg);
  };
  e.analysis = "imagecl";
  e.schema = "imagecl.schema.json";
  e.cpu_scale = "image sides / 4 (--scale 1|2|4|8), 10 repetitions";
  // Quick: samples under the tests' cap on unrolled bodies; uncapped, a harris sample built for more
  // than 7 minutes with a cold cache on a 2-core EPYC (PoCL 3.1).
  e.quick_options = {"--samples", "2", "--max-unrolled", "64", "--scale", "8", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
