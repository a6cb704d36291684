#include "tuner/space.hpp"

#include <random>
#include <set>

#include "error.hpp"

namespace filterlab::tuner {

std::string invalid_name(Invalid k) {
  switch (k) {
    case Invalid::kNone:
      return "none";
    case Invalid::kConstraint:
      return "constraint";
    case Invalid::kBuild:
      return "build";
    case Invalid::kLaunch:
      return "launch";
    case Invalid::kWrongOutput:
      return "wrong_output";
    case Invalid::kDeviceLimit:
      return "device_limit";
  }
  return "none";
}

Invalid invalid_from_name(const std::string& s) {
  for (auto k : {Invalid::kNone, Invalid::kConstraint, Invalid::kBuild, Invalid::kLaunch, Invalid::kWrongOutput,
                 Invalid::kDeviceLimit})
    if (invalid_name(k) == s) return k;
  throw Error(
      "unknown invalid-point kind '" + s + "'",
      "expected none, constraint, build, launch, wrong_output or device_limit (is the cache file from this version?)");
}

std::vector<Point> all_points(const Space& s) {
  const auto& ps = s.params();
  std::vector<Point> out;
  if (ps.empty()) return out;
  for (const auto& p : ps)
    if (p.values.empty()) throw Error("parameter '" + p.name + "' of space " + s.name() + " has no values");
  std::vector<std::size_t> at(ps.size(), 0);
  Point c(ps.size());
  for (;;) {
    for (std::size_t i = 0; i < ps.size(); ++i) c[i] = ps[i].values[at[i]];
    out.push_back(c);
    std::size_t i = 0;
    for (; i < at.size(); ++i) {
      if (++at[i] < ps[i].values.size()) break;
      at[i] = 0;
    }
    if (i == at.size()) return out;
  }
}

std::vector<Point> valid_points(const Space& s) {
  std::vector<Point> out;
  for (auto& p : all_points(s))
    if (s.violation(p).empty()) out.push_back(std::move(p));
  return out;
}

double point_count(const Space& s) {
  double n = 1;
  for (const auto& p : s.params()) n *= static_cast<double>(p.values.size());
  return s.params().empty() ? 0 : n;
}

std::vector<Point> candidate_points(const Space& s) {
  if (point_count(s) <= static_cast<double>(kCandidateCap)) return valid_points(s);
  constexpr unsigned kPoolSeed = 20261123u;  // fixed: every strategy draws from the same pool
  std::mt19937 rng(kPoolSeed);
  const auto& ps = s.params();
  std::set<Point> seen;
  std::vector<Point> out;
  // Rejection sampling: a space whose valid share is tiny ends with fewer points, never hangs.
  const std::size_t attempts = 50 * kCandidateCap;
  for (std::size_t a = 0; a < attempts && out.size() < kCandidateCap; ++a) {
    Point c(ps.size());
    for (std::size_t i = 0; i < ps.size(); ++i)
      c[i] = ps[i].values[std::uniform_int_distribution<std::size_t>(0, ps[i].values.size() - 1)(rng)];
    if (seen.count(c) || !s.violation(c).empty()) continue;
    seen.insert(c);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace filterlab::tuner
