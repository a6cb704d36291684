// Registration of Study 3, the sampler table (experiments/sampler.hpp).
#include "experiments/sampler.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment sampler_experiment() {
  Experiment e;
  e.name = "sampler";
  e.study = "Study 3";
  e.description = "every sampler configuration over a grid of coordinates, judged by the spec oracle; times nothing";
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    SamplerRunConfig cfg;
    cfg.results_dir = o.results_dir;
    return run_sampler(d, cfg);
  };
  e.analysis = "sampler";
  e.schema = "sampler.schema.json";
  e.cpu_scale = "the same on every device (no image, no timing)";
  return e;
}

}  // namespace filterlab::experiments
