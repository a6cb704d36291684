#include "tuner/replay_space.hpp"

#include <limits>

#include "error.hpp"

namespace filterlab::tuner {

nlohmann::json cache_header(const Space& space, const nlohmann::json& extra) {
  nlohmann::json h = extra;
  h["space"] = space.name();
  h["setup"] = space.setup();
  nlohmann::json ps = nlohmann::json::array();
  for (const auto& p : space.params()) ps.push_back({{"name", p.name}, {"values", p.values}});
  h["params"] = ps;
  return h;
}

ReplaySpace::ReplaySpace(const std::string& exhaustive_cache) : ReplaySpace(read_cache(exhaustive_cache)) {}

ReplaySpace::ReplaySpace(CacheFile f) : rows_(std::move(f.rows)) {
  name_ = f.header.value("space", "");
  setup_ = f.header.value("setup", "");
  if (!f.header.contains("params"))
    throw Error("the tuning cache of " + name_ + " lists no parameters", "replay a cache written by `filterlab tune`");
  for (const auto& p : f.header.at("params"))
    params_.push_back({p.at("name").get<std::string>(), p.at("values").get<std::vector<long>>()});
  for (const auto& [id, m] : rows_) {
    if (m.point.size() != params_.size())
      throw Error("row " + id + " of the cache of " + name_ + " has no point of its space");
    ids_[m.point] = id;
  }
}

std::string ReplaySpace::violation(const Point& p) const {
  const auto it = ids_.find(p);
  if (it == ids_.end()) return "not in the exhaustive run (a constraint excluded it)";
  const auto& m = rows_.at(it->second);
  return m.invalid == Invalid::kConstraint ? m.reason : "";
}

std::string ReplaySpace::id(const Point& p) const {
  const auto it = ids_.find(p);
  if (it == ids_.end()) throw Error("a point outside the exhaustive run of " + name_ + " was asked for its ID");
  return it->second;
}

Measurement ReplaySpace::evaluate(const Point& p) { return rows_.at(id(p)); }

double ReplaySpace::optimum_ms() const {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& [id, m] : rows_)
    if (m.valid()) best = std::min(best, m.time_ms);
  if (best == std::numeric_limits<double>::infinity())
    throw Error("the exhaustive run of " + name_ + " found no valid configuration");
  return best;
}

std::size_t ReplaySpace::valid_count() const {
  std::size_t n = 0;
  for (const auto& [id, m] : rows_) n += m.valid() ? 1 : 0;
  return n;
}

}  // namespace filterlab::tuner
