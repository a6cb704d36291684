#pragma once
// Simulation (Kernel Tuner's method): a Space that answers from an exhaustive run's cache instead
// of the device, so strategies are compared over many seeds at no device cost. The parameters come
// from the cache's header; a point the exhaustive run did not record violates the constraints.
#include <map>
#include <string>

#include "tuner/cache.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

class ReplaySpace : public Space {
 public:
  explicit ReplaySpace(const std::string& exhaustive_cache);
  explicit ReplaySpace(CacheFile file);
  std::string name() const override { return name_; }
  const std::vector<Param>& params() const override { return params_; }
  std::string violation(const Point& p) const override;
  std::string id(const Point& p) const override;
  Measurement evaluate(const Point& p) override;
  std::string setup() const override { return setup_; }
  // The best valid time of the exhaustive run (throws when none was valid).
  double optimum_ms() const;
  std::size_t valid_count() const;

 private:
  std::string name_, setup_;
  std::vector<Param> params_;
  std::map<Point, std::string> ids_;
  std::map<std::string, Measurement> rows_;
};

// The header a cache of `space` gets: space, setup, parameters (for replays), plus `extra`.
nlohmann::json cache_header(const Space& space, const nlohmann::json& extra);

}  // namespace filterlab::tuner
