#pragma once
// A full space searched exhaustively on a device (sharded: `tune --shard i/N` on many machines,
// joined by `tune-merge`; docs/cluster.md), read by `run tuning` from
// <cache dir>/<space>_ground_truth.jsonl. Where it covers every valid point with the run's setup
// and device, its optimum becomes the best known configuration and each live run's best
// configuration is judged by the exhaustive search's own time of it (as a simulation judges), so
// a fraction of 1 means the run found the optimum, never that it drew a luckier sample of it.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tuner/cache.hpp"
#include "tuner/space.hpp"

namespace filterlab {

constexpr const char* kGroundTruthFoundBy = "exhaustive run of the full space (ground truth)";

struct GroundTruth {
  std::map<std::string, tuner::Measurement> rows;
  nlohmann::json record;  // path, evaluations, shards, commit (and "ignored" with the reason)
  std::string ignored;    // why it cannot serve: other setup or device, or incomplete; empty if it can
};

// Nothing when there is no file at `path`; else the cache with the verdict on its use.
std::optional<GroundTruth> read_ground_truth(const std::string& path, const tuner::Space& space,
                                             const std::string& device);

// Records `gt` in the full-space entry (key "ground_truth"); unless ignored, `best` (the best row
// of gt.rows as a result row) becomes "best_known" and every run's "of_best_known" is the optimum
// over the exhaustive time of that run's best configuration.
void apply_ground_truth(nlohmann::json& entry, const GroundTruth& gt, nlohmann::json best);

}  // namespace filterlab
