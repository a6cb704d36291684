// The generated "predefined" code: coefficients from the oracle, zero taps left out, each
// position loaded once when both derivatives are computed.
#include <catch2/catch.hpp>
#include <string>

#include "filters/predefined_source.hpp"

using namespace filterlab;

namespace {
int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
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
    const auto src = predefined_scharr_source(k);
    CHECK(count(macro(src, "FL_PREDEFINED_X"), "LOAD(") == 6);
    CHECK(count(macro(src, "FL_PREDEFINED_Y"), "LOAD(") == 6);
    // Both at once: 4 shared corners + 2 middle-row + 2 middle-column positions.
    CHECK(count(macro(src, "FL_PREDEFINED_XY"), "LOAD(") == 8);
    CHECK(count(src, " 0.0f") + count(src, "-0.0f") == 0);  // no zero weight (10.0f contains "0.0f")
    CHECK(predefined_scharr_taps(k) == 6);
  }
  const auto src3 = predefined_scharr_source(3);
  CHECK(src3.find("S += -3.0f * LOAD(-1, -1);") != std::string::npos);
  CHECK(src3.find("S += 10.0f * LOAD(1, 0);") != std::string::npos);
  const auto src9 = predefined_scharr_source(9);
  CHECK(src9.find("S += -10.0f * LOAD(0, -4);") != std::string::npos);  // d/dy, top middle
}

TEST_CASE("predefined code is refused for sizes outside the family", "[predefined]") {
  CHECK_THROWS(predefined_scharr_source(4));
  CHECK_THROWS(predefined_scharr_source(11));
}

TEST_CASE("the column-strip code loads every position once for all its rows", "[predefined]") {
  // 3x3, 8 rows: columns -1, 0, +1 of rows -1..8 = 30 loads for 8 pixels (the 1-pixel code: 8 each).
  const auto s3 = predefined_scharr_strip_source(3, 8);
  CHECK(count(s3, "LOAD(") == 30);
  CHECK(count(s3, "SX[7] +=") == 6);
  CHECK(count(s3, "SY[0] +=") == 6);
  // 9x9: outer columns of rows -4..11 (32) and the middle column of rows -4..3 and 4..11 (16).
  CHECK(count(predefined_scharr_strip_source(9, 8), "LOAD(") == 48);
  CHECK_THROWS(predefined_scharr_strip_source(3, 1));
}
