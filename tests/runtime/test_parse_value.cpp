// The one parser of numbers typed outside CLI11 (environment variables): whole valid values only.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "error.hpp"
#include "util/parse_value.hpp"

using filterlab::env_integer;
using filterlab::env_integer_in;
using filterlab::parse_integer;
using filterlab::parse_integer_in;

TEST_CASE("only a whole integer in range is taken", "[parse][bad-input]") {
  CHECK(parse_integer("4", "X", 1, 8) == 4);
  CHECK(parse_integer("-3", "X", -5, 8) == -3);
  CHECK_THROWS_WITH(parse_integer("4x", "X", 1, 8), "X '4x' is not an integer: give an integer from 1 to 8");
  CHECK_THROWS_WITH(parse_integer("abc", "X", 1, 8), Catch::Contains("'abc' is not an integer"));
  CHECK_THROWS_WITH(parse_integer("", "X", 1, 8), Catch::Contains("'' is not an integer"));
  CHECK_THROWS_WITH(parse_integer(" 4", "X", 1, 8), Catch::Contains("is not an integer"));
  CHECK_THROWS_WITH(parse_integer("4.0", "X", 1, 8), Catch::Contains("is not an integer"));
  CHECK_THROWS_WITH(parse_integer("99999999999999999999", "X", 1, 8), Catch::Contains("is not an integer"));
  CHECK_THROWS_WITH(parse_integer("9", "X", 1, 8), "X '9' is out of range: give an integer from 1 to 8");
  CHECK(parse_integer_in("8", "S", {1, 2, 4, 8}) == 8);
  CHECK_THROWS_WITH(parse_integer_in("3", "S", {1, 2, 4, 8}), "S '3' is not supported: give 1, 2, 4 or 8");
}

TEST_CASE("environment variables are named in the error, unset ones are absent", "[parse][bad-input]") {
  ::unsetenv("FILTERLAB_TEST_VALUE");
  CHECK_FALSE(env_integer("FILTERLAB_TEST_VALUE", 0, 10).has_value());
  ::setenv("FILTERLAB_TEST_VALUE", "7", 1);
  CHECK(env_integer("FILTERLAB_TEST_VALUE", 0, 10) == 7);
  ::setenv("FILTERLAB_TEST_VALUE", "abc", 1);
  CHECK_THROWS_WITH(env_integer("FILTERLAB_TEST_VALUE", 0, 10),
                    "environment variable FILTERLAB_TEST_VALUE 'abc' is not an integer: give an integer from 0 to 10");
  ::setenv("FILTERLAB_TEST_VALUE", "", 1);
  CHECK_THROWS_WITH(env_integer_in("FILTERLAB_TEST_VALUE", {1, 2}), Catch::Contains("'' is not an integer: give 1 or 2"));
  ::unsetenv("FILTERLAB_TEST_VALUE");
}

TEST_CASE("only a whole finite decimal number in range is taken", "[parse][bad-input]") {
  using filterlab::parse_number;
  CHECK(parse_number("0.5", "V", -1, 1) == 0.5);
  CHECK(parse_number("-1e-3", "V", -1, 1) == -1e-3);
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "0x1p3", "0.5x", "", " 1", "1e999"})
    CHECK_THROWS_WITH(parse_number(bad, "V", -1, 1), Catch::Contains("is not a finite number: give a finite number from -1 to 1"));
  CHECK_THROWS_WITH(parse_number("2", "V", -1, 1), "V '2' is out of range: give a finite number from -1 to 1");
}
