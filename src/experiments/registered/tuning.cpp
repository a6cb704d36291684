// Registration of Study 6b, the auto-tuner (experiments/tuning.hpp): time-budgeted, its caches
// (<results>/tuning/cache/) resumable.
#include "experiments/tuning.hpp"

#include "experiments/registry.hpp"

namespace filterlab::experiments {

Experiment tuning_experiment() {
  Experiment e;
  e.name = "tuning";
  e.study = "Study 6b";
  e.description =
      "exhaustive sub-spaces, strategies simulated over seeds, random/paper/guided live on the full spaces "
      "with one budget, tuning database";
  e.options = {"--spaces", "--seeds", "--full-budget", "--wide", "--time-limit", "--cpu-divisor", "--repetitions"};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    TuningRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.spaces = o.spaces;
    cfg.seeds = o.seeds;
    cfg.full_budget = o.full_budget;
    cfg.wide = o.wide;
    cfg.time_limit_s = o.time_limit_s;
    cfg.settings.cpu_divisor = o.cpu_divisor;
    cfg.settings.repetitions = o.repetitions;
    return run_tuning(d, cfg);
  };
  e.analysis = "tuning";
  e.schema = "tuning.schema.json";
  e.budget =
      "--time-limit seconds (pipeline: 600) of live full-space search after which no other starts; "
      "exhaustive caches resume where they stopped";
  e.cpu_scale = "image sides / 4 (--cpu-divisor), 3 repetitions, wide sub-spaces off";
  e.pipeline_options = {"--time-limit", "600"};
  e.quick_options = {"--seeds", "3", "--cpu-divisor", "8", "--repetitions", "1",
                     "--wide",  "0", "--full-budget", "0", "--time-limit",  "60"};
  return e;
}

}  // namespace filterlab::experiments
