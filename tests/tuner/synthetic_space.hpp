#pragma once
// A space with a known optimum for the tuner's tests: time = 1 + (x-11)^2/20 + (y-4)^2/30 + z/2
// over x, y in 0..15 and z in {0, 1}, so the optimum is (11, 4, 0) at 1 ms. Points with x + y > 26
// violate a constraint; (3, 3, *) fails to "build" and (5, 7, *) gives a "wrong output". Counts
// evaluate() calls and can throw after a given number of them (an interrupted run).
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "tuner/space.hpp"

namespace filterlab::test {

struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

class SyntheticSpace : public tuner::Space {
 public:
  SyntheticSpace() {
    tuner::Param x{"x", {}}, y{"y", {}};
    for (long v = 0; v < 16; ++v) x.values.push_back(v), y.values.push_back(v);
    params_ = {x, y, {"z", {0, 1}}};
  }
  std::string name() const override { return "synthetic"; }
  std::string setup() const override { return setup_text; }
  const std::vector<tuner::Param>& params() const override { return params_; }
  std::string violation(const tuner::Point& p) const override { return p[0] + p[1] > 26 ? "x + y > 26" : ""; }
  std::string id(const tuner::Point& p) const override {
    return "x" + std::to_string(p[0]) + "/y" + std::to_string(p[1]) + "/z" + std::to_string(p[2]);
  }
  static double time_of(const tuner::Point& p) {
    return 1.0 + std::pow(static_cast<double>(p[0] - 11), 2) / 20.0 +
           std::pow(static_cast<double>(p[1] - 4), 2) / 30.0 + 0.5 * static_cast<double>(p[2]);
  }
  tuner::Measurement evaluate(const tuner::Point& p) override {
    if (calls == interrupt_after) throw Interrupted();
    ++calls;
    if (std::find(prepared.begin(), prepared.end(), id(p)) == prepared.end()) ++unprepared;
    tuner::Measurement m;
    m.point = p;
    if (!violation(p).empty())
      m.invalid = tuner::Invalid::kConstraint, m.reason = violation(p);
    else if (p[0] == 3 && p[1] == 3)
      m.invalid = tuner::Invalid::kBuild, m.reason = "synthetic build failure";
    else if (p[0] == 5 && p[1] == 7)
      m.invalid = tuner::Invalid::kWrongOutput, m.reason = "synthetic wrong output";
    else
      m.time_ms = m.q1_ms = m.q3_ms = time_of(p), m.samples_ms = {m.time_ms};
    return m;
  }
  void prepare(const std::vector<tuner::Point>& points) override {
    for (const auto& p : points) prepared.push_back(id(p));
  }
  std::string setup_text;  // what setup() answers (a cache of another setup is another run)
  int calls = 0;
  int interrupt_after = -1;
  std::vector<std::string> prepared;  // every ID handed to prepare(), in order
  int unprepared = 0;                 // evaluations of points never handed to prepare()

 private:
  std::vector<tuner::Param> params_;
};

}  // namespace filterlab::test
