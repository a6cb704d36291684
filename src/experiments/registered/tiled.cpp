// Registration of Study 4, tiled separable convolution (experiments/tiled.hpp).
#include "experiments/tiled.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment tiled_experiment() {
  Experiment e;
  e.name = "tiled";
  e.study = "Study 4";
  e.description = "AMD's tiled separable convolution against naive, two-pass and one-pass designs; time against size";
  e.options = {"--repetitions", "--variants", "--max-size"};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    TiledRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.variants = o.variants;
    cfg.repetitions = o.repetitions;
    cfg.warmup = o.warmup;
    cfg.max_size = o.max_size;
    return run_tiled(d, cfg);
  };
  e.analysis = "tiled";
  e.schema = "tiled.schema.json";
  e.cpu_scale = "makes its own images, sides capped at 2048 ($FILTERLAB_TILED_MAX_SIZE or --max-size), 10 repetitions";
  e.quick_options = {"--max-size", "512", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
