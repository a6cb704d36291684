// The epsilon oracle (reference/epsilon.hpp) on hand-computed cases.
#include <catch2/catch.hpp>

#include "reference/epsilon.hpp"

using filterlab::ref::epsilon_filter;
using filterlab::ref::epsilon_sum;
using filterlab::ref::Plane8;

TEST_CASE("a constant image is unchanged for every threshold", "[epsilon][reference]") {
  const Plane8 img(5, 3, 77);
  for (int t : {0, 1, 255}) CHECK(epsilon_filter(img, t).px == img.px);
}

TEST_CASE("threshold 0 keeps only pixels equal to the centre", "[epsilon][reference]") {
  // 1x1 image: the 81 replicated copies of the one pixel all count.
  const Plane8 one(1, 1, 200);
  CHECK(epsilon_sum(one, 0, 0, 0).sum == 81 * 200);
  CHECK(epsilon_sum(one, 0, 0, 0).count == 81);
  CHECK(epsilon_filter(one, 0).px[0] == 200);
  // 2x1 image [10, 20]: with replicate each row of the window is 10 x5, 20 x4 (around x=0) and
  // T=0 counts only the equal ones.
  Plane8 two(2, 1);
  two.px = {10, 20};
  CHECK(epsilon_filter(two, 0).px == std::vector<std::uint8_t>{10, 20});
}

TEST_CASE("replicate border and half-up rounding, by hand", "[epsilon][reference]") {
  // 2x1 image [10, 20], T = 10: every pixel counts. Around x = 0 the window's columns -4..4 map to
  // 0,0,0,0,0,1,1,1,1: 5 x 10 and 4 x 20 per row, 9 rows: sum 9 * 130 = 1170, count 81,
  // mean 14.44 -> 14. Around x = 1: columns -3..5 map to 0,0,0,0,1,1,1,1,1: 4 x 10 + 5 x 20 = 140,
  // sum 1260, mean 15.56 -> (1260 + 40) / 81 = 16.
  Plane8 two(2, 1);
  two.px = {10, 20};
  CHECK(epsilon_sum(two, 0, 0, 10).sum == 1170);
  CHECK(epsilon_sum(two, 1, 0, 10).sum == 1260);
  CHECK(epsilon_filter(two, 10).px == std::vector<std::uint8_t>{14, 16});
  // T = 9 excludes the other value: each pixel keeps its own.
  CHECK(epsilon_filter(two, 9).px == std::vector<std::uint8_t>{10, 20});
}

TEST_CASE("counts that exclude a value, and half-up rounding", "[epsilon][reference]") {
  // Column [0, 1, 100] (1 wide, 3 tall), T = 1. Centre y = 1 (value 1): rows -3..5 map to
  // 0,0,0,0,1,2,2,2,2: per column 0 x4 and 1 x1 count (100 does not); 9 columns: count 45, sum 9,
  // (9 + 22) / 45 = 0. Centre y = 0: rows -4..4 map to 0 x5, 1 x1, 2 x3: count 54, sum 9 -> 0.
  Plane8 col(1, 3);
  col.px = {0, 1, 100};
  CHECK(epsilon_filter(col, 1).px == std::vector<std::uint8_t>{0, 0, 100});
  // A row [3, 4] with T = 1, window around x = 0: 10 x5 rows... sum 9 * (5*3 + 4*4) = 279,
  // count 81, 3.44 -> 3; around x = 1: 9 * (4*3 + 5*4) = 288, 3.56 -> (288 + 40) / 81 = 4.
  Plane8 row(2, 1);
  row.px = {3, 4};
  CHECK(epsilon_filter(row, 1).px == std::vector<std::uint8_t>{3, 4});
  // The rounding itself: sum 9, count 2 (4.5) rounds up to 5; 7 / 2 = 3.5 -> 4; 5 / 4 -> 1.
  CHECK(filterlab::ref::epsilon_round({9, 2}) == 5);
  CHECK(filterlab::ref::epsilon_round({7, 2}) == 4);
  CHECK(filterlab::ref::epsilon_round({5, 4}) == 1);
  CHECK(filterlab::ref::epsilon_round({6, 4}) == 2);
}

TEST_CASE("an isolated outlier is removed and the edge is kept", "[epsilon][reference]") {
  // 11x11 image of 50 with one pixel 250 at (5, 5): with T = 20 the outlier's own window counts
  // only itself (every other pixel differs by 200), so it stays; each neighbour ignores it.
  Plane8 img(11, 11, 50);
  img.at(5, 5) = 250;
  const auto out = epsilon_filter(img, 20);
  CHECK(out.at(5, 5) == 250);
  CHECK(out.at(4, 5) == 50);
  // With T = 255 everything counts: around (5, 5) the window is the whole 9x9 with one 250:
  // sum 80 * 50 + 250 = 4250, 4250 / 81 = 52.47 -> (4250 + 40) / 81 = 52.
  CHECK(epsilon_filter(img, 255).at(5, 5) == 52);
}

TEST_CASE("bad thresholds and empty images are refused", "[epsilon][reference]") {
  const Plane8 img(3, 3, 1);
  CHECK_THROWS(epsilon_filter(img, -1));
  CHECK_THROWS(epsilon_filter(img, 256));
  CHECK_THROWS(epsilon_filter(Plane8(), 5));
}
