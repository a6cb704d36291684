// Registration of Study 6b, the auto-tuner (experiments/tuning.hpp): time-budgeted, its caches
// (<results>/tuning/cache/) resumable.
#include "experiments/tuning.hpp"

#include "experiments/registry.hpp"
#include "util/cpu_side_divisor.hpp"

namespace filterlab::experiments {

Experiment tuning_experiment() {
  Experiment e;
  e.name = "tuning";
  e.study = "Study 6b";
  e.description =
      "exhaustive sub-spaces, strategies simulated over seeds, random/paper/guided live on the full spaces "
      "with one budget, tuning database";
  e.options = {
      OptionSpec::text("--spaces",
                       "Only spaces whose name contains one of these comma-separated texts (text$: exactly that name)"),
      OptionSpec::integer("--seeds", "Simulated runs per strategy", 20, 1, 1000000),
      OptionSpec::integer("--full-budget",
                          "Live evaluations per strategy (random, paper, guided) and full ImageCL space (-1: 100)", -1,
                          -1, 1000000000L),
      OptionSpec::integer(
          "--wide",
          "Exhaustive search of the wide, regs, slide, staged, private and window sub-spaces (-1: on GPUs only) "
          "and of the rows sub-spaces (-1: on CPUs only): 0 never, 1 always",
          -1, -1, 1),
      OptionSpec::number("--time-limit",
                         "Seconds after the first live full-space run started after which no other starts (0: none)", 0,
                         0, 1e9),
      OptionSpec::integer("--cpu-divisor", "Image sides on CPU devices divided by this", kCpuSideDivisor, 1, 1024),
      repetitions_option("10 on GPUs, 3 on CPUs"),
      OptionSpec::integer("--plan",
                          "1: print the spaces this run would search (name$ and evaluations, one per line) and "
                          "nothing else: no search, no result file",
                          0, 0, 1)};
  e.run = [](const ocl::Device& d, const RunOptions& o) {
    TuningRunConfig cfg;
    cfg.results_dir = o.results_dir;
    cfg.spaces = o.options.text("--spaces");
    cfg.seeds = static_cast<int>(o.options.integer("--seeds"));
    cfg.full_budget = o.options.integer("--full-budget");
    cfg.wide = static_cast<int>(o.options.integer("--wide"));
    cfg.time_limit_s = o.options.number("--time-limit");
    cfg.settings.cpu_divisor = static_cast<int>(o.options.integer("--cpu-divisor"));
    cfg.settings.repetitions = static_cast<int>(o.options.integer("--repetitions"));
    return o.options.integer("--plan") == 1 ? tuning_plan(d, cfg) : run_tuning(d, cfg);
  };
  e.analysis = "tuning";
  e.schema = "tuning.schema.json";
  e.budget =
      "--time-limit seconds (pipeline: 600) of live full-space search after which no other starts; "
      "exhaustive caches resume where they stopped";
  e.cpu_scale = "image sides / 4 (--cpu-divisor), 3 repetitions, wide sub-spaces off";
  e.pipeline_options = {"--time-limit", "600"};
  // Quick: the Scharr and tiled spaces and one ImageCL benchmark's kernels (sepconv's two), so that
  // every step of the study runs; the seven other ImageCL spaces (five sub-spaces, two split) added
  // 1,201 s with a cold cache on a 2-core EPYC (97 to 203 s per space of 192 configurations).
  e.quick_options = {"--seeds",       "3", "--cpu-divisor", "8", "--repetitions", "1",  "--wide", "0",
                     "--full-budget", "0", "--time-limit",  "60", "--spaces",
                     "study1.scharr_k5,study4.tiled_k5,imagecl.sepconv_row,imagecl.sepconv_col"};
  return e;
}

}  // namespace filterlab::experiments
