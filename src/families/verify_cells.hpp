#pragma once
// The measured columns `verify` prints for a filter judged like Scharr's (largest error on
// integer data, on random floats, and the float tolerance), shared by the image families.
#include <sstream>

#include "families/family.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "ocl/device.hpp"
#include "util/declared_options.hpp"

namespace filterlab {

inline std::string verify_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

inline CaseOutcome outcome_of(const VerifyResult& r) {
  return CaseOutcome{
      r.passed,
      r.passed ? "ok" : "FAIL: " + r.failure,
      {verify_number(r.max_error_integer), verify_number(r.max_error_float), verify_number(r.float_tolerance)}};
}

// Every border by name, the verify cases of a filter that takes all five.
std::vector<std::string> all_border_cases();
// The border a case names; throws filterlab::Error for anything else.
ref::Border case_border(const std::string& case_name);
// --border as given to `filter`; throws with the list of borders.
ref::Border parse_filter_border(const std::string& name);

// `filter`'s options that the families filtering with any border share: --ksize (its help says
// which sizes the family takes; the family checks them), --border and --border-value.
OptionSpec ksize_option(const std::string& help);
std::vector<OptionSpec> border_options();
// --border parsed and --border-value read, which applies to --border constant only (throws).
std::pair<ref::Border, float> filter_border(const OptionValues& options);
// The device `filter` runs on: the first that matches, with a note when several do.
ocl::Device filter_device(const std::string& pattern);

}  // namespace filterlab
