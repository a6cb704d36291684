// Registration of Study 1's storage comparison (experiments/scharr_single_storage.hpp).
#include "experiments/scharr_single_storage.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment scharr_single_storage_experiment() {
  Experiment e;
  e.name = "scharr_single_storage";
  e.study = "Study 1";
  e.description = "Scharr single filter, images against one buffer, sizes 3..9, over the 16-level pyramid";
  e.input = Input::BaseImage;
  e.options = {scale_option("Pyramid scale divisor 1, 2, 4 or 8 (0: 1 on GPUs, $FILTERLAB_CPU_SCALE or 4 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    ScharrStorageConfig cfg;
    cfg.base_image = o.base_image;
    cfg.results_dir = o.results_dir;
    cfg.scale = static_cast<int>(o.options.integer("--scale"));
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    return run_scharr_single_storage(d, cfg);
  };
  e.analysis = "scharr_single_storage";
  e.schema = "scharr_single_storage.schema.json";
  e.cpu_scale = "pyramid base 1/4 per side ($FILTERLAB_CPU_SCALE or --scale), 10 repetitions";
  e.quick_options = {"--scale", "8", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
