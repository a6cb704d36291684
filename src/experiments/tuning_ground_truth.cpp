#include "experiments/tuning_ground_truth.hpp"

#include <filesystem>

namespace filterlab {

std::optional<GroundTruth> read_ground_truth(const std::string& path, const tuner::Space& space,
                                             const std::string& device) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  auto f = tuner::read_cache(path);  // refuses a directory or a damaged file, naming it
  GroundTruth gt;
  const auto setup = f.header.value("setup", nlohmann::json());
  const auto measured_on = f.header.value("device", nlohmann::json());
  if (setup != nlohmann::json(space.setup())) {
    gt.ignored = "measured with setup " + setup.dump() + ", not this run's \"" + space.setup() + "\"";
  } else if (!measured_on.is_string() || measured_on.get<std::string>() != device) {
    gt.ignored = "measured on " + measured_on.dump() + ", not on \"" + device + "\"";
  } else {  // only now enumerate the space: a full one holds up to 10^8 points
    const auto valid = tuner::valid_points(space).size();
    if (f.rows.size() != valid)
      gt.ignored = "covers " + std::to_string(f.rows.size()) + " of the " + std::to_string(valid) + " valid points";
  }
  gt.record = {{"path", path},
               {"evaluations", f.rows.size()},
               {"shards", f.header.value("merged_shards", nlohmann::json())},
               {"commit", f.header.value("commit", nlohmann::json())}};
  if (!gt.ignored.empty()) gt.record["ignored"] = gt.ignored;
  gt.rows = std::move(f.rows);
  return gt;
}

void apply_ground_truth(nlohmann::json& entry, const GroundTruth& gt, nlohmann::json best) {
  entry["ground_truth"] = gt.record;
  if (!gt.ignored.empty() || best.is_null()) return;
  best["found_by"] = kGroundTruthFoundBy;
  const double optimum = best["time_ms"].get<double>();
  entry["best_known"] = std::move(best);
  if (!entry.contains("runs")) return;
  for (auto& [strategy, run] : entry["runs"].items()) {
    if (!run.contains("best") || !run["best"].is_object()) continue;
    const auto it = gt.rows.find(run["best"].value("variant_id", ""));
    if (it == gt.rows.end() || !it->second.valid()) {
      run.erase("of_best_known");  // a configuration the exhaustive search did not time validly
      continue;
    }
    run["of_best_known"] = optimum / it->second.time_ms;
  }
}

}  // namespace filterlab
