#pragma once
// What the OpenCL C specification lets a device return for each math builtin ImageCL accepts
// (single precision, full profile): the check's tolerance is derived from it.
#include <map>
#include <optional>
#include <string>

namespace filterlab::imagecl {

struct BuiltinAccuracy {
  // The largest error allowed, in ulp of the result; 0 for correctly rounded (or exact) results.
  // kContractible: the specification gives no bound because the function may be computed with
  // a contraction (mad, mix, smoothstep, ...).
  double ulp = 0;
  static constexpr double kContractible = -1;
};

// The accuracy of builtin `name`, or nothing when `name` is not one of ImageCL's float builtins
// (integer functions and conversions are exact).
std::optional<BuiltinAccuracy> builtin_accuracy(const std::string& name);

// Every float builtin with its bound (the table behind builtin_accuracy).
const std::map<std::string, double>& builtin_ulp_table();

// Why builtin `name` cannot be used in ImageCL and what to write instead, or "" when it can.
std::string refused_builtin_reason(const std::string& name);

}  // namespace filterlab::imagecl
