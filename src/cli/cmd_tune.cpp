// `filterlab tune`: one strategy on one space, live on a device or replayed from an exhaustive cache.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "error.hpp"
#include "experiments/tuning.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"
#include "tuner/cache.hpp"
#include "tuner/replay_space.hpp"
#include "tuner/shard.hpp"
#include "tuner/simulate.hpp"
#include "tuner/spaces.hpp"
#include "tuner/strategy.hpp"

namespace filterlab::cli {
namespace {

int report(const tuner::Evaluator& ev, const tuner::Space& space, double optimum) {
  std::size_t invalid = 0;
  const tuner::Step* best = nullptr;
  for (const auto& s : ev.trace()) {
    if (!s.m.valid()) {
      ++invalid;
      std::printf("invalid %-12s %s: %s\n", tuner::invalid_name(s.m.invalid).c_str(), s.id.c_str(), s.m.reason.c_str());
    } else if (!best || s.m.time_ms < best->m.time_ms) {
      best = &s;
    }
  }
  std::printf("%s: %zu evaluations, %zu invalid\n", space.name().c_str(), ev.trace().size(), invalid);
  if (!best) {
    std::printf("no valid configuration found\n");
    return 1;
  }
  std::printf("best %s %.6f ms", best->id.c_str(), best->m.time_ms);
  if (optimum > 0) std::printf(" (%.3f of the exhaustive optimum %.6f ms)", optimum / best->m.time_ms, optimum);
  std::printf("\n");
  return 0;
}

}  // namespace

int cmd_tune(const TuneArgs& a) {
  std::optional<tuner::Shard> shard;
  if (!a.shard.empty()) {
    shard = tuner::parse_shard(a.shard);
    if (a.strategy != "exhaustive")
      throw Error("--shard splits an exhaustive run, not " + a.strategy, "add --strategy exhaustive");
    if (!a.simulate.empty()) throw Error("--shard does not apply with --simulate", "shard a run on a device");
  }
  if (!a.simulate.empty()) {
    if (!a.device.empty()) throw Error("--device does not apply with --simulate", "a replay needs no device");
    tuner::ReplaySpace space(a.simulate);
    if (!a.space.empty() && a.space != space.name())
      throw Error("--space " + a.space + " but " + a.simulate + " holds " + space.name(),
                  "give the matching exhaustive cache");
    if (a.seeds > 0) {  // the `run tuning` table for this cache: random, paper and guided over many seeds
      const auto eff =
          tuner::simulate(space, {"random", "paper", "guided"}, a.budget, {25, 50, 100, 200, 400}, a.seed, a.seeds);
      nlohmann::json e = nlohmann::json::array();
      for (const auto& x : eff) e.push_back(tuner::efficiency_json(x));
      print_efficiency(space.name(), e, space.valid_count());
      return 0;
    }
    tuner::EvalCache cache(a.cache, tuner::cache_header(space, {{"simulated_from", a.simulate}}));
    tuner::Evaluator ev(space, cache);
    tuner::run_strategy(a.strategy, ev, a.budget, a.seed);
    return report(ev, space, space.optimum_ms());
  }
  if (a.space.empty())
    throw Error("tune needs --space", "e.g. --space imagecl.sepconv_row:sub (or imagecl.sepconv_row, study4.tiled_k5)");
  if (a.cache.empty())
    throw Error("tune on a device needs --cache FILE", "evaluations are recorded there and a rerun resumes from it");
  const auto devices = ocl::select_devices(a.device);
  if (devices.size() != 1)
    throw Error("tune runs on one device but --device '" + a.device + "' selects " + std::to_string(devices.size()),
                "narrow the pattern (see `filterlab devices`)");
  tuner::check_cache_path(a.cache);
  tuner::check_shard_resume(a.cache, shard);
  ocl::Runtime rt(devices.front());
  tuner::SpaceSettings settings;
  settings.cpu_divisor = a.cpu_divisor;
  settings.repetitions = a.repetitions;
  settings.extra_build_options = a.extra_build_options;
  auto space = tuner::make_space(a.space, rt, settings);
  nlohmann::json extra = {{"device", devices.front().info.name}, {"commit", kCommit}, {"commit_dirty", kCommitDirty}};
  std::vector<tuner::Point> points;
  if (shard) {
    points = tuner::shard_points(tuner::valid_points(*space), *shard);
    extra.update(tuner::shard_header(*shard, points.size()));
  }
  tuner::EvalCache cache(a.cache, tuner::cache_header(*space, extra));
  std::cerr << "tune: " << space->name()
            << (shard ? " shard " + shard->text() + " (" + std::to_string(points.size()) + " points)" : "") << " ("
            << space->setup() << ") on " << devices.front().info.name << ", " << cache.size()
            << " evaluations already in " << a.cache << "\n";
  tuner::Evaluator ev(*space, cache);
  if (shard)
    ev.evaluate_all(points);
  else
    tuner::run_strategy(a.strategy, ev, a.budget, a.seed);
  return report(ev, *space, 0.0);
}

int cmd_tune_merge(const TuneMergeArgs& a) {
  if (a.out.empty()) throw Error("tune-merge needs --out FILE", "the merged exhaustive cache is written there");
  const auto s = tuner::merge_shards(a.out, a.shards);
  std::printf("%s: %zu shards merged, %zu evaluations (%zu valid)\n", a.out.c_str(), s.shards, s.rows, s.valid);
  return 0;
}

Command add_tune(CLI::App& app) {
  const auto args = std::make_shared<TuneArgs>();
  auto& tune = *args;
  auto* c_tune = app.add_subcommand(
      "tune", "Search one space with one strategy, on a device or replayed from an exhaustive cache");
  c_tune->add_option("--space", tune.space,
                     "imagecl.<kernel> (full space), imagecl.<kernel>:sub (documented sub-space) or study4.tiled_k5");
  c_tune->add_option("--strategy", tune.strategy, "exhaustive, random, paper or guided")->capture_default_str();
  add_integer(c_tune, "--budget", tune.budget, 0, kBig, "Evaluations (exhaustive: ignored)", true);
  add_integer(c_tune, "--seed", tune.seed, 0, kMaxSeed, "Seed of the strategy", true);
  c_tune->add_option("--device", tune.device, kDeviceHelp);
  c_tune->add_option("--cache", tune.cache,
                     "Resumable cache file (JSON lines); required on a device, in memory when simulating without it");
  c_tune->add_option("--simulate", tune.simulate, "Replay this exhaustive cache instead of running on a device");
  add_integer(
      c_tune, "--seeds", tune.seeds, 0, kMillion,
      "With --simulate: print random, paper and guided search efficiency over this many seeds (budget: --budget)");
  add_integer(c_tune, "--cpu-divisor", tune.cpu_divisor, 1, 1024, "Image sides on CPU devices divided by this", true);
  add_integer(c_tune, "--repetitions", tune.repetitions, 0, kMillion,
              "Timed repetitions per configuration (default: 10 on GPUs, 3 on CPUs)");
  c_tune->add_option(
      "--shard", tune.shard,
      "With --strategy exhaustive on a device: i/N, every N-th valid point from the i-th (merge with tune-merge)");
  c_tune->add_option("--extra-build-options", tune.extra_build_options,
                     "ImageCL spaces: OpenCL build options appended to every configuration's -D switches (e.g. "
                     "-cl-mad-enable); checked by the oracle like the rest, recorded in the cache's setup");
  return {c_tune, [args] { return cmd_tune(*args); }};
}

Command add_tune_merge(CLI::App& app) {
  const auto args = std::make_shared<TuneMergeArgs>();
  auto& merge = *args;
  auto* c_merge = app.add_subcommand(
      "tune-merge", "Join the caches of an exhaustive run's shards (tune --shard i/N) into one exhaustive cache");
  c_merge->add_option("--out", merge.out, "The merged cache (written atomically)");
  c_merge->add_option("shards", merge.shards, "Every shard's cache, once each")->expected(1, -1);
  return {c_merge, [args] { return cmd_tune_merge(*args); }};
}

}  // namespace filterlab::cli
