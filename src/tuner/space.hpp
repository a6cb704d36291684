#pragma once
// The tuner's view of anything it can search: named parameters with value sets, a validity check
// that needs no device run (constraints), a stable ID per configuration, and evaluate(), which
// builds, runs, checks and times one configuration on the device (or replays a recorded one).
#include <string>
#include <vector>

namespace filterlab::tuner {

struct Param {
  std::string name;
  std::vector<long> values;
};
using Point = std::vector<long>;  // one value per parameter, in the order of Space::params()

// Why a configuration has no time. kConstraint is decided without running anything; the others
// come from an evaluation on the device.
enum class Invalid { kNone, kConstraint, kBuild, kLaunch, kWrongOutput, kDeviceLimit };
std::string invalid_name(Invalid k);              // "constraint", "build", "launch", "wrong_output", "device_limit"
Invalid invalid_from_name(const std::string& s);  // throws filterlab::Error for an unknown name

struct Measurement {
  std::vector<long> point;  // the configuration's values (so a replay needs no device)
  Invalid invalid = Invalid::kNone;
  std::string reason;    // for an invalid point: what went wrong
  double time_ms = 0.0;  // valid: median kernel time
  double q1_ms = 0.0, q3_ms = 0.0;
  std::vector<double> samples_ms;  // the raw kernel times
  bool valid() const { return invalid == Invalid::kNone; }
};

class Space {
 public:
  virtual ~Space() = default;
  virtual std::string name() const = 0;  // e.g. "imagecl.sepconv_row/sub"
  virtual const std::vector<Param>& params() const = 0;
  // "" when the point satisfies the space's constraints, else why not (no device run).
  virtual std::string violation(const Point& p) const = 0;
  virtual std::string id(const Point& p) const = 0;  // stable: names the cache row
  // Builds, launches, checks against the oracle and times `p`; never throws for a bad point.
  virtual Measurement evaluate(const Point& p) = 0;
  // Builds into the program cache, in parallel where the space can, what evaluate() will need for
  // `points`, so that a search pays for its builds on all host cores at once. It never runs or
  // times a kernel and never throws for a bad point (evaluate() records that). Default: nothing.
  virtual void prepare(const std::vector<Point>& points) { (void)points; }
  // What the measurements depend on beyond the configuration (image size, repetitions...).
  virtual std::string setup() const { return ""; }
};

// Every point of the space in product order (the first parameter varies fastest).
std::vector<Point> all_points(const Space& s);
// The points without a constraint violation, in product order.
std::vector<Point> valid_points(const Space& s);

// What a search strategy chooses from: every valid point while the space has at most
// kCandidateCap points before constraints; a larger space (the ImageCL kernels' full spaces hold
// millions) gives kCandidateCap distinct valid points drawn uniformly with a fixed seed, the same
// pool for every strategy and run, so that a model can predict all of its candidates.
constexpr std::size_t kCandidateCap = 100000;
std::vector<Point> candidate_points(const Space& s);
double point_count(const Space& s);  // points before constraints (product of the value counts)

}  // namespace filterlab::tuner
