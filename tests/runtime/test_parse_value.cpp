// The one parser of numbers typed outside CLI11 (environment variables, options, kernel arguments):
// whole valid values only.
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
  CHECK_THROWS_WITH(parse_integer("99999999999999999999", "X", 1, 8),
                    "X '99999999999999999999' is out of range: give an integer from 1 to 8");
  CHECK_THROWS_WITH(parse_integer("0x10", "X", 1, 100), Catch::Contains("'0x10' is not an integer"));
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
  CHECK_THROWS_WITH(env_integer_in("FILTERLAB_TEST_VALUE", {1, 2}),
                    Catch::Contains("'' is not an integer: give 1 or 2"));
  ::unsetenv("FILTERLAB_TEST_VALUE");
}

TEST_CASE("only a whole finite decimal number in range is taken", "[parse][bad-input]") {
  using filterlab::parse_number;
  CHECK(parse_number("0.5", "V", -1, 1) == 0.5);
  CHECK(parse_number("-1e-3", "V", -1, 1) == -1e-3);
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "0x1p3", "0.5x", "", " 1", "1e999"})
    CHECK_THROWS_WITH(parse_number(bad, "V", -1, 1),
                      Catch::Contains("is not a finite number: give a finite number from -1 to 1"));
  CHECK_THROWS_WITH(parse_number("2", "V", -1, 1), "V '2' is out of range: give a finite number from -1 to 1");
}

TEST_CASE("a leading zero is refused: 010 is octal 8 to C and CLI11", "[parse][bad-input]") {
  CHECK_THROWS_WITH(
      parse_integer("010", "--budget", 1, 100),
      "--budget '010' has a leading zero (010 is octal 8 to C and to some tools): give an integer from 1 to 100");
  CHECK_THROWS_WITH(parse_integer("-07", "X", -10, 10), Catch::Contains("has a leading zero"));
  CHECK(parse_integer("0", "X", 0, 10) == 0);
  CHECK(parse_integer("-0", "X", -1, 10) == 0);
  CHECK(parse_integer("10", "X", 0, 10) == 10);
  CHECK_THROWS_WITH(filterlab::parse_integer_list("1,02", "--roi", ',', 2, 0, 9, "A,B"),
                    "--roi '1,02': '02' has a leading zero "
                    "(010 is octal 8 to C and to some tools): give A,B");
}

TEST_CASE("kernel values are parsed by their type: integers whole and in range, floats finite as floats",
          "[parse][bad-input]") {
  using filterlab::parse_typed_number;
  CHECK(parse_typed_number("50", "--args max_iter=", "int") == 50);
  CHECK(parse_typed_number("-128", "--args c=", "char") == -128);
  CHECK(parse_typed_number("4294967295", "--args u=", "uint") == 4294967295.0);
  CHECK(parse_typed_number("0.5", "--args gain=", "float") == 0.5);
  CHECK(parse_typed_number("-1e38", "--args gain=", "float") == -1e38);
  CHECK_THROWS_WITH(
      parse_typed_number("2.5", "--args max_iter=", "int"),
      "--args max_iter='2.5' is not an integer: give an integer from -2147483648 to 2147483647 (the kernel's int)");
  CHECK_THROWS_WITH(parse_typed_number("1e10", "--args max_iter=", "int"), Catch::Contains("'1e10' is not an integer"));
  CHECK_THROWS_WITH(parse_typed_number("2147483648", "--args max_iter=", "int"),
                    Catch::Contains("'2147483648' is out of range"));
  CHECK_THROWS_WITH(parse_typed_number("256", "--args t=", "uchar"),
                    "--args t='256' is out of range: give an integer from 0 to 255 (the kernel's uchar)");
  CHECK_THROWS_WITH(parse_typed_number("-1", "--args t=", "ushort"),
                    Catch::Contains("is out of range: give an integer from 0 to 65535"));
  CHECK_THROWS_WITH(parse_typed_number("1e39", "--args gain=", "float"),
                    Catch::StartsWith("--args gain='1e39' is out of range: give a finite number from"));
  CHECK_THROWS_WITH(parse_typed_number("nan", "--args gain=", "float"),
                    Catch::Contains("'nan' is not a finite number"));
  CHECK_THROWS_WITH(parse_typed_number("1", "--args d=", "double"),
                    Catch::Contains("has the type 'double', which FilterLab cannot pass"));
  // bool: 0, 1, true, false; 64-bit integers exactly, so only up to 2^53.
  CHECK(parse_typed_number("true", "--args flip=", "bool") == 1.0);
  CHECK(parse_typed_number("0", "--args flip=", "bool") == 0.0);
  CHECK_THROWS_WITH(parse_typed_number("2", "--args flip=", "bool"),
                    Catch::Contains("give 0, 1, true or false (the kernel's bool)"));
  CHECK_THROWS_WITH(parse_typed_number("yes", "--args flip=", "bool"), Catch::Contains("'yes' is not an integer"));
  CHECK(parse_typed_number("-9007199254740992", "--args a=", "long") == -9007199254740992.0);
  CHECK_THROWS_WITH(parse_typed_number("9007199254740993", "--args a=", "long"),
                    Catch::Contains("passed exactly only up to 2^53"));
  CHECK_THROWS_WITH(parse_typed_number("-1", "--args b=", "ulong"),
                    Catch::Contains("is out of range: give an integer from 0 to 2^53"));
}

TEST_CASE("an image size is refused above the image limit before anything is allocated", "[parse][bad-input]") {
  using filterlab::parse_image_size;
  const long side = 1L << 20;
  const long long pixels = 1LL << 28;
  CHECK(parse_image_size("16384x16384", "--size", side, pixels, "WxH") == std::pair<long, long>(16384, 16384));
  CHECK(parse_image_size("1048576x256", "--size", side, pixels, "WxH") == std::pair<long, long>(1048576, 256));
  CHECK_THROWS_WITH(parse_image_size("16385x16384", "--size", side, pixels, "WxH"),
                    "--size '16385x16384' is 268451840 pixels, above the limit of 268435456 pixels (16384x16384): give "
                    "a smaller WxH");
  CHECK_THROWS_WITH(parse_image_size("1048577x1", "--size", side, pixels, "WxH"),
                    Catch::Contains("'1048577' is out of range"));
  CHECK_THROWS_WITH(parse_image_size("0x5", "--size", side, pixels, "WxH"), Catch::Contains("'0' is out of range"));
}
