#pragma once
// Exhaustive evaluation split over machines: `tune --strategy exhaustive --shard i/N` evaluates
// every N-th valid point starting at the i-th (in the space's product order, so the split is
// deterministic and neighbouring, similarly costly points spread over the shards), each shard into
// its own resumable cache; `tune-merge` joins the N caches into one exhaustive cache after checking
// that they describe the same space, setup and device, cover every shard once and are complete.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tuner/cache.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

struct Shard {
  std::size_t index = 0, count = 1;
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

constexpr std::size_t kMaxShards = 100000;

// Parses "i/N" strictly (decimal digits, 0 <= i < N <= kMaxShards); throws filterlab::Error
// saying what is wrong.
Shard parse_shard(const std::string& text);

// The points of `points` whose position k has k mod N == i.
std::vector<Point> shard_points(const std::vector<Point>& points, const Shard& shard);

// The header fields a shard's cache carries: "shard" ("i/N") and "shard_points" (how many
// evaluations make it complete).
nlohmann::json shard_header(const Shard& shard, std::size_t points);

// Throws filterlab::Error when the cache at `path` exists and was written for another shard, or
// for a shard when `shard` is empty (an unsharded run), or the reverse: resuming it would mix splits.
void check_shard_resume(const std::string& path, const std::optional<Shard>& shard);

struct MergeSummary {
  std::size_t shards = 0, rows = 0, valid = 0;
};

// Joins the shard caches `inputs` into the exhaustive cache `out`, written atomically (refused
// when `out` is one of the inputs). Refuses, naming the file: a cache that is no shard, shards of
// different spaces, setups, devices or shard counts, a shard given twice or missing, a shard with
// fewer rows than its points (incomplete: rerun it, it resumes), a configuration in two shards.
MergeSummary merge_shards(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace filterlab::tuner
