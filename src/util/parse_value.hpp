#pragma once
// One parser for every number a user types outside CLI11: environment variables and option texts.
// A value is taken only when the whole text is a valid number inside the accepted range; "4x",
// "abc", "" and out-of-range values are refused with an error naming the variable or option and
// saying what is accepted (never read as 0 or as a prefix, as atoi would).
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace filterlab {

// `what` names the source in messages, e.g. "FILTERLAB_CPU_SCALE" or "--size"; `accepted` says
// what is accepted when the range alone would not (default: "an integer from MIN to MAX").
long parse_integer(const std::string& text, const std::string& what, long min, long max,
                   const std::string& accepted = "");
// The same, also requiring one of `allowed` (e.g. the scales 1, 2, 4, 8).
long parse_integer_in(const std::string& text, const std::string& what, const std::vector<long>& allowed);

// A whole finite decimal number (no "nan", "inf", hex or trailing text) from min to max.
double parse_number(const std::string& text, const std::string& what, double min, double max);

// `count` integers from min to max separated by `sep`, e.g. "1021x767" or "10,20,256,128"; `form`
// describes the expected shape in messages (e.g. "WIDTHxHEIGHT, e.g. 1021x767").
std::vector<long> parse_integer_list(const std::string& text, const std::string& what, char sep, std::size_t count,
                                     long min, long max, const std::string& form);

// A value of a kernel's scalar or array element of OpenCL C type `type` (float, uchar, char, ushort,
// short, int, uint): integer types take a whole integer in the type's range (no 2.5, no 1e10),
// float a finite number that stays finite as a float.
double parse_typed_number(const std::string& text, const std::string& what, const std::string& type);

// "WIDTHxHEIGHT": each side from 1 to max_side and at most max_pixels in all, checked before anything
// of that size is allocated; `form` as for parse_integer_list.
std::pair<long, long> parse_image_size(const std::string& text, const std::string& what, long max_side,
                                       long long max_pixels, const std::string& form);

// The environment variable's value parsed as above; nullopt when it is unset. A set but empty
// variable is an error (it is almost always a mistake in a script).
std::optional<long> env_integer(const char* name, long min, long max);
std::optional<long> env_integer_in(const char* name, const std::vector<long>& allowed);

}  // namespace filterlab
