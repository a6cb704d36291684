// The candidate pool of a search: the whole valid space while it is small, a fixed uniform draw of
// kCandidateCap valid points above that (the full ImageCL spaces), identical for every strategy.
#include <catch2/catch.hpp>
#include <set>

#include "synthetic_space.hpp"
#include "tuner/space.hpp"

namespace {

using filterlab::tuner::Param;
using filterlab::tuner::Point;

// 8 parameters of 5 values: 390,625 points, of which those with an even sum are valid.
class WideSpace : public filterlab::tuner::Space {
 public:
  WideSpace() {
    for (int i = 0; i < 8; ++i) params_.push_back({"p" + std::to_string(i), {0, 1, 2, 3, 4}});
  }
  std::string name() const override { return "wide"; }
  const std::vector<Param>& params() const override { return params_; }
  std::string violation(const Point& p) const override {
    long sum = 0;
    for (long v : p) sum += v;
    return sum % 2 ? "odd sum" : "";
  }
  std::string id(const Point& p) const override {
    std::string s;
    for (long v : p) s += std::to_string(v);
    return s;
  }
  filterlab::tuner::Measurement evaluate(const Point& p) override {
    filterlab::tuner::Measurement m;
    m.point = p;
    m.time_ms = 1;
    return m;
  }

 private:
  std::vector<Param> params_;
};

}  // namespace

TEST_CASE("a small space's candidates are all its valid points", "[tuner]") {
  filterlab::test::SyntheticSpace s;
  CHECK(filterlab::tuner::candidate_points(s) == filterlab::tuner::valid_points(s));
}

TEST_CASE("a space above the cap gives a fixed pool of distinct valid points", "[tuner]") {
  WideSpace s;
  REQUIRE(filterlab::tuner::point_count(s) == 390625.0);
  const auto pool = filterlab::tuner::candidate_points(s);
  CHECK(pool.size() == filterlab::tuner::kCandidateCap);
  std::set<Point> distinct(pool.begin(), pool.end());
  CHECK(distinct.size() == pool.size());
  for (const auto& p : pool) REQUIRE(s.violation(p).empty());
  CHECK(filterlab::tuner::candidate_points(s) == pool);  // the same pool for every strategy and run
  // Uniform: every value of the first parameter holds about a fifth of the pool.
  std::vector<std::size_t> counts(5, 0);
  for (const auto& p : pool) ++counts[static_cast<std::size_t>(p[0])];
  for (auto c : counts) CHECK((c > 18000 && c < 22000));
}
