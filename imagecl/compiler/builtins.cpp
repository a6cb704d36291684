#include "builtins.hpp"

#include <map>

namespace filterlab::imagecl {

const std::map<std::string, double>& builtin_ulp_table() {
  // The OpenCL 1.2 specification, section 7.4, table 7.1 (ULP values for single precision builtin
  // math functions); sqrt's 3 ulp is the default without -cl-fp32-correctly-rounded-divide-sqrt.
  // A table: several functions to a line.
  // clang-format off
  static const std::map<std::string, double> kUlp = {
      {"acos", 4},      {"acosh", 4},    {"acospi", 5},    {"asin", 4},     {"asinh", 4},     {"asinpi", 5},   {"atan", 5},
      {"atan2", 6},     {"atanh", 5},    {"atanpi", 5},    {"atan2pi", 6},  {"cbrt", 2},      {"ceil", 0},     {"copysign", 0},
      {"cos", 4},       {"cosh", 4},     {"cospi", 4},     {"erfc", 16},    {"erf", 16},      {"exp", 3},      {"exp2", 3},
      {"exp10", 3},     {"expm1", 3},    {"fabs", 0},      {"fdim", 0},     {"floor", 0},     {"fma", 0},      {"fmax", 0},
      {"fmin", 0},      {"fmod", 0},     {"hypot", 4},     {"ilogb", 0},    {"ldexp", 0},     {"log", 3},      {"log2", 3},
      {"log10", 3},     {"log1p", 2},    {"logb", 0},      {"maxmag", 0},   {"minmag", 0},    {"nextafter", 0}, {"pow", 16},
      {"pown", 16},     {"powr", 16},    {"remainder", 0}, {"rint", 0},     {"rootn", 16},    {"round", 0},    {"rsqrt", 2},
      {"sin", 4},       {"sinh", 4},     {"sinpi", 4},     {"sqrt", 3},     {"tan", 5},       {"tanh", 5},     {"tanpi", 6},
      {"tgamma", 16},   {"trunc", 0},    {"min", 0},       {"max", 0},      {"clamp", 0},     {"step", 0},     {"sign", 0},
      {"isnan", 0},     {"isinf", 0},    {"isfinite", 0},  {"signbit", 0},
      // Section 6.12.4: the common functions may be implemented with contractions; no ulp is given.
      {"mad", BuiltinAccuracy::kContractible},     {"mix", BuiltinAccuracy::kContractible},
      {"smoothstep", BuiltinAccuracy::kContractible}, {"degrees", BuiltinAccuracy::kContractible},
      {"radians", BuiltinAccuracy::kContractible},
      // Geometric functions (section 6.12.5), at most 4 lanes: the bounds of the OpenCL C
      // specification's relative-error table (length 2.75 + n/2, distance 2.5 + 2n, normalize
      // 2 + n ulp, rounded up at n = 4); dot and cross are sums of products a device may contract.
      {"length", 5}, {"distance", 11}, {"normalize", 6},
      {"dot", BuiltinAccuracy::kContractible}, {"cross", BuiltinAccuracy::kContractible}};
  // clang-format on
  return kUlp;
}

std::optional<BuiltinAccuracy> builtin_accuracy(const std::string& name) {
  const auto& table = builtin_ulp_table();
  const auto it = table.find(name);
  if (it == table.end()) return std::nullopt;
  return BuiltinAccuracy{it->second};
}

std::string refused_builtin_reason(const std::string& name) {
  static const std::map<std::string, std::string> kRefused = {
      {"sincos", "it returns the cosine through a pointer: call sin(x) and cos(x)"},
      {"fract", "it returns the floor through a pointer: write x - floor(x) and floor(x)"},
      {"modf", "it returns the integral part through a pointer: write trunc(x) and x - trunc(x)"},
      {"frexp", "it returns the exponent through a pointer: use ilogb(x) and ldexp(x, -ilogb(x))"},
      {"remquo", "it returns the quotient through a pointer: use remainder(x, y)"},
      {"lgamma_r",
       "it returns the sign through a pointer, and OpenCL bounds no lgamma's error: use log(fabs(tgamma(x)))"},
      {"fast_length", "OpenCL leaves its error to the device, so no check could judge it: use length(v)"},
      {"fast_distance", "OpenCL leaves its error to the device, so no check could judge it: use distance(a, b)"},
      {"fast_normalize", "OpenCL leaves its error to the device, so no check could judge it: use normalize(v)"},
      {"lgamma",
       "the OpenCL specification bounds no error of lgamma, so no check could judge it: use log(fabs(tgamma(x)))"}};
  const auto it = kRefused.find(name);
  return it == kRefused.end() ? "" : "'" + name + "' is not available in ImageCL: " + it->second;
}

}  // namespace filterlab::imagecl
