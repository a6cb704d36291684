// The generated "predefined" code: coefficients from the oracle, zero taps left out, each
// position loaded once when both derivatives are computed.
#include <catch2/catch.hpp>
#include <string>

#include "families/gradient/predefined_source.hpp"
#include "reference/scharr.hpp"
#include "reference/sobel.hpp"

using namespace filterlab;

namespace {
int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
std::string scharr_source(int k) {
  return predefined_source("scharr", ref::scharr_kernel(k, ref::Axis::X), ref::scharr_kernel(k, ref::Axis::Y));
}
std::string scharr_strip_source(int k, int rows) {
  return predefined_strip_source("scharr", ref::scharr_kernel(k, ref::Axis::X), ref::scharr_kernel(k, ref::Axis::Y),
                                 rows);
}
std::string macro(const std::string& text, const std::string& name) {
  const auto start = text.find("#define " + name + "(");
  REQUIRE(start != std::string::npos);
  return text.substr(start, text.find("while (0)", start) - start);
}
}  // namespace

TEST_CASE("predefined code loads only the six non-zero taps per derivative", "[predefined]") {
  for (int k : {3, 5, 7, 9}) {
    CAPTURE(k);
    const auto src = scharr_source(k);
    CHECK(count(macro(src, "FL_PREDEFINED_X"), "LOAD(") == 6);
    CHECK(count(macro(src, "FL_PREDEFINED_Y"), "LOAD(") == 6);
    // Both at once: 4 shared corners + 2 middle-row + 2 middle-column positions.
    CHECK(count(macro(src, "FL_PREDEFINED_XY"), "LOAD(") == 8);
    CHECK(count(src, " 0.0f") + count(src, "-0.0f") == 0);  // no zero weight (10.0f contains "0.0f")
    CHECK(predefined_taps(ref::scharr_kernel(k, ref::Axis::X)) == 6);
  }
  const auto src3 = scharr_source(3);
  CHECK(src3.find("S += -3.0f * LOAD(-1, -1);") != std::string::npos);
  CHECK(src3.find("S += 10.0f * LOAD(1, 0);") != std::string::npos);
  const auto src9 = scharr_source(9);
  CHECK(src9.find("S += -10.0f * LOAD(0, -4);") != std::string::npos);  // d/dy, top middle
}

TEST_CASE("predefined code is refused for sizes outside the family and for unequal kernels", "[predefined]") {
  CHECK_THROWS(scharr_source(4));
  CHECK_THROWS(scharr_source(11));
  CHECK_THROWS(predefined_source("scharr", ref::scharr_kernel(3, ref::Axis::X), ref::scharr_kernel(5, ref::Axis::Y)));
}

TEST_CASE("predefined code takes any coefficient set's kernels and names the set", "[predefined]") {
  // Sobel's dense 5x5: 20 non-zero taps per derivative (the middle column of d/dx is zero).
  const auto kx = ref::sobel_kernel(5, ref::Axis::X), ky = ref::sobel_kernel(5, ref::Axis::Y);
  const auto src = predefined_source("sobel", kx, ky);
  CHECK(predefined_taps(kx) == 20);
  CHECK(count(macro(src, "FL_PREDEFINED_X"), "LOAD(") == 20);
  CHECK(count(macro(src, "FL_PREDEFINED_XY"), "LOAD(") == 24);  // every position but the centre
  CHECK(src.find("predefined_sobel_source(5)") != std::string::npos);
  CHECK(src.find("S += -12.0f * LOAD(-1, 0);") != std::string::npos);  // [1 4 6 4 1] x [-1 -2 0 2 1]
}

TEST_CASE("the column-strip code loads every position once for all its rows", "[predefined]") {
  // 3x3, 8 rows: columns -1, 0, +1 of rows -1..8 = 30 loads for 8 pixels (the 1-pixel code: 8 each).
  const auto s3 = scharr_strip_source(3, 8);
  CHECK(count(s3, "LOAD(") == 30);
  CHECK(count(s3, "SX[7] +=") == 6);
  CHECK(count(s3, "SY[0] +=") == 6);
  // 9x9: outer columns of rows -4..11 (32) and the middle column of rows -4..3 and 4..11 (16).
  CHECK(count(scharr_strip_source(9, 8), "LOAD(") == 48);
  CHECK_THROWS(scharr_strip_source(3, 1));
}
