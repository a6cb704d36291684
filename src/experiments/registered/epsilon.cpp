// Registration of Study 5, Qualcomm's epsilon filter (experiments/epsilon.hpp).
#include "experiments/epsilon.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment epsilon_experiment() {
  Experiment e;
  e.name = "epsilon";
  e.study = "Study 5";
  e.description = "every step of the epsilon-filter article on the Y plane of a quality-20 JPEG; threshold sweep";
  e.input = Input::YPlane;
  e.options = {scale_option("Centre crop to 1/N per side: 1, 2 or 4 (0: 1 on GPUs, 2 on CPUs)"),
               repetitions_option("30 on GPUs, 10 on CPUs")};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    EpsilonRunConfig cfg;
    cfg.base_image = o.base_image;
    cfg.results_dir = o.results_dir;
    cfg.scale = static_cast<int>(o.options.integer("--scale"));
    cfg.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    cfg.warmup = o.warmup;
    return run_epsilon(d, cfg);
  };
  e.analysis = "epsilon";
  e.schema = "epsilon.schema.json";
  e.cpu_scale = "centre crop of 1/2 per side (--scale 1|2|4), 10 repetitions";
  e.quick_options = {"--scale", "4", "--repetitions", "2"};
  return e;
}

}  // namespace filterlab::experiments
