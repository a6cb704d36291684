// Registration of Study 4, tiled separable convolution (experiments/tiled.hpp).
#include "experiments/tiled.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment tiled_experiment() {
  Experiment e;
  e.name = "tiled";
  e.study = "Study 4";
  e.description = "AMD's tiled separable convolution against naive, two-pass and one-pass designs; time against size";
  e.options = {repetitions_option("30 on GPUs, 10 on CPUs"),
               variants_option("Only designs whose variant ID contains this text"),
               OptionSpec::integer("--max-size", "Largest image side (0: 8192 on GPUs, 2048 on CPUs)", 0, 0, 1048576)};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    TiledRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.variants = o.options.text("--variants");
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    cfg.max_size = static_cast<int>(o.options.integer("--max-size"));
    return run_tiled(d, cfg);
  };
  e.analysis = "tiled";
  e.schema = "tiled.schema.json";
  e.cpu_scale = "makes its own images, sides capped at 2048 ($FILTERLAB_TILED_MAX_SIZE or --max-size), 10 repetitions";
  e.quick_options = {"--max-size", "512", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
