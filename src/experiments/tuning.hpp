#pragma once
// Experiment "tuning" (Study 6b): on one device, the exhaustive search of every documented
// sub-space (resumable caches), the strategies' search efficiency by simulation over many seeds on
// those caches, random search, the paper's method and ours live on the ImageCL kernels' full
// spaces with one budget, and the tuning database (the best configuration per space; for a full
// space, the best known from all runs).
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "ocl/device.hpp"
#include "tuner/spaces.hpp"

namespace filterlab {

struct TuningRunConfig {
  std::string results_dir;  // writes <dir>/tuning/<slug>.json and <dir>/tuning/cache/<slug>/*.jsonl
  std::string spaces;       // only spaces whose name contains one of these comma-separated texts
  tuner::SpaceSettings settings;
  int seeds = 20;  // simulated runs per strategy
  std::size_t max_budget = 400;
  long full_budget = -1;    // live evaluations per strategy (random, paper, guided) and full ImageCL space; -1: 100
  double time_limit_s = 0;  // > 0: no full-space run starts this many seconds after the first one started
  int wide = -1;            // the wide sub-spaces' exhaustive search: -1 on GPUs only, 0 never, 1 always
};

std::string run_tuning(const ocl::Device& device, const TuningRunConfig& cfg);

// What run_tuning would search on `device` with `cfg`, one line per space: its name with a trailing
// '$' (as --spaces takes it) and its evaluations (an exhaustive space's valid points; a full space's
// live budget times its three strategies). Runs and writes nothing; the GPU runner
// (scripts/run-on-gpus.sh) spreads these lines over a host's GPUs.
std::string tuning_plan(const ocl::Device& device, const TuningRunConfig& cfg);

// Prints the median [IQR] fraction of the optimum per strategy at 25/50/100/400 evaluations.
void print_efficiency(const std::string& space, const nlohmann::json& efficiency, std::size_t valid);

}  // namespace filterlab
