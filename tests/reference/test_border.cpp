// border_index against cv::borderInterpolate, far outside the image included.
#include <catch2/catch.hpp>
#include <climits>
#include <stdexcept>

#include "oracle_test_utils.hpp"
#include "reference/border.hpp"

using filterlab::ref::Border;
using filterlab::ref::border_index;
using filterlab::ref::kAllBorders;

TEST_CASE("border_index equals cv::borderInterpolate for every mode", "[border]") {
  for (const Border b : kAllBorders) {
    for (const int len : {1, 2, 3, 4, 5, 7, 16}) {
      for (int p = -3 * len - 10; p <= 4 * len + 10; ++p) {
        CAPTURE(filterlab::ref::border_name(b), len, p);
        // cv::borderInterpolate returns -1 for CONSTANT outside, as we do.
        REQUIRE(border_index(p, len, b) == cv::borderInterpolate(p, len, filterlab::test::cv_border(b)));
      }
    }
  }
}

TEST_CASE("border_index stays in range for extreme indices", "[border]") {
  // No overflow near INT_MIN / INT_MAX: the closed form works in 64 bits.
  for (const Border b : kAllBorders) {
    for (const int len : {1, 2, 3, 1000, INT_MAX}) {
      for (const int p : {INT_MIN, INT_MIN + 1, -1000001, 1000001, INT_MAX - 1, INT_MAX}) {
        CAPTURE(filterlab::ref::border_name(b), len, p);
        const int i = border_index(p, len, b);
        if (b == Border::Constant && (p < 0 || p >= len)) {
          REQUIRE(i == -1);
        } else {
          REQUIRE(i >= 0);
          REQUIRE(i < len);
        }
      }
    }
  }
  // Periodicity that the kernels rely on, checked at a large offset.
  REQUIRE(border_index(-1 + 2 * 7 * 100000, 7, Border::Reflect) == 0);
  REQUIRE(border_index(-1 + 12 * 100000, 7, Border::Reflect101) == 1);
  REQUIRE(border_index(-1 - 7 * 100000, 7, Border::Wrap) == 6);
}

TEST_CASE("border_index rejects an empty range", "[border]") {
  for (const Border b : kAllBorders) {
    REQUIRE_THROWS_AS(border_index(0, 0, b), std::invalid_argument);
    REQUIRE_THROWS_AS(border_index(0, -3, b), std::invalid_argument);
  }
}

TEST_CASE("border names round-trip", "[border]") {
  for (const Border b : kAllBorders) {
    const auto name = filterlab::ref::border_name(b);
    CAPTURE(name);
    REQUIRE(filterlab::ref::parse_border(name) == b);
    REQUIRE(filterlab::ref::border_names_list().find(std::string(name)) != std::string::npos);
  }
  REQUIRE(filterlab::ref::border_name(Border::Reflect101) == "reflect101");
  REQUIRE_FALSE(filterlab::ref::parse_border("mirror").has_value());
  REQUIRE_FALSE(filterlab::ref::parse_border("").has_value());
  REQUIRE(filterlab::ref::border_names_list() == "constant, replicate, reflect, wrap, reflect101");
}
