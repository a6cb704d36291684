// Registration of Study 1's gradient-filter optimisations (experiments/scharr_gradient_variants.hpp).
#include "experiments/scharr_gradient_variants.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment scharr_gradient_variants_experiment() {
  Experiment e;
  e.name = "scharr_gradient_variants";
  e.study = "Study 1";
  e.description = "every registered Scharr variant, d/dx and d/dy, sizes 3..9, over the 16-level pyramid";
  e.input = Input::BaseImage;
  e.options = {scale_option("Pyramid scale divisor 1, 2, 4 or 8 (0: 1 on GPUs, $FILTERLAB_CPU_SCALE or 4 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs"),
               variants_option("Only variants whose ID contains this text")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    GradientVariantsConfig cfg;
    cfg.base_image = o.base_image;
    cfg.results_dir = o.results_dir;
    cfg.scale = static_cast<int>(o.options.integer("--scale"));
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    cfg.variants = o.options.text("--variants");
    return run_scharr_gradient_variants(d, cfg);
  };
  e.analysis = "scharr_gradient_variants";
  e.schema = "scharr_gradient_variants.schema.json";
  e.cpu_scale = "pyramid base 1/4 per side ($FILTERLAB_CPU_SCALE or --scale), 10 repetitions";
  e.quick_options = {"--scale", "8", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
