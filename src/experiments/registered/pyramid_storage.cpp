// Registration of Study 2, the pyramid's four storage types (experiments/pyramid_storage.hpp).
#include "experiments/pyramid_storage.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment pyramid_storage_experiment() {
  Experiment e;
  e.name = "pyramid_storage";
  e.study = "Study 2";
  e.description = "Scharr with and without local memory on buffer, image buffer, images and cubes; local-size sweep";
  e.input = Input::BaseImage;
  e.options = {scale_option("Pyramid scale divisor 1, 2, 4 or 8 (0: 1 on GPUs, $FILTERLAB_CPU_SCALE or 4 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    PyramidStorageConfig cfg;
    cfg.base_image = o.base_image;
    cfg.results_dir = o.results_dir;
    cfg.scale = static_cast<int>(o.options.integer("--scale"));
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    return run_pyramid_storage(d, cfg);
  };
  e.analysis = "pyramid_storage";
  e.schema = "pyramid_storage.schema.json";
  e.cpu_scale = "pyramid base 1/4 per side ($FILTERLAB_CPU_SCALE or --scale), 10 repetitions";
  e.quick_options = {"--scale", "8", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
