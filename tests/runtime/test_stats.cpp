#include <catch2/catch.hpp>
#include <stdexcept>

#include "stats.hpp"

using filterlab::summarize;

TEST_CASE("quantiles interpolate linearly like numpy's default", "[stats]") {
  const auto s = summarize({4, 1, 3, 2, 5});
  CHECK(s.median == 3);
  CHECK(s.q1 == 2);
  CHECK(s.q3 == 4);
  CHECK(s.min == 1);
  CHECK(s.max == 5);
  CHECK(s.n == 5);
  const auto e = summarize({1, 2, 3, 4});
  CHECK(e.median == Approx(2.5));
  CHECK(e.q1 == Approx(1.75));
  CHECK(e.q3 == Approx(3.25));
}

TEST_CASE("the median's confidence interval uses order statistics", "[stats]") {
  std::vector<double> v;
  for (int i = 1; i <= 30; ++i) v.push_back(i);
  const auto s = summarize(v);
  // n = 30: ranks floor((30 - 1.96*sqrt(30))/2) = 9 and ceil(1 + (30 + 1.96*sqrt(30))/2) = 22.
  CHECK(s.ci95_low == 9);
  CHECK(s.ci95_high == 22);
  CHECK(s.ci95_low <= s.median);
  CHECK(s.median <= s.ci95_high);
  const auto one = summarize({7});
  CHECK(one.ci95_low == 7);
  CHECK(one.ci95_high == 7);
}

TEST_CASE("an empty sample is an error", "[stats]") { CHECK_THROWS_AS(summarize({}), std::invalid_argument); }
