#include "families/verify_cells.hpp"

#include <iostream>

#include "error.hpp"

namespace filterlab {

std::vector<std::string> all_border_cases() {
  std::vector<std::string> out;
  for (ref::Border b : ref::kAllBorders) out.emplace_back(ref::border_name(b));
  return out;
}

ref::Border case_border(const std::string& case_name) {
  const auto b = ref::parse_border(case_name);
  if (!b) throw Error("unknown verify case '" + case_name + "'", "use one of " + ref::border_names_list());
  return *b;
}

ref::Border parse_filter_border(const std::string& name) {
  const auto b = ref::parse_border(name);
  if (!b) throw Error("unknown border '" + name + "'", "use one of " + ref::border_names_list());
  return *b;
}

OptionSpec ksize_option(const std::string& help) {
  return OptionSpec::integer("--ksize", help, 3, -1000000000L, 1000000000L, "an odd filter size such as 3, 5, 7 or 9");
}

std::vector<OptionSpec> border_options() {
  return {OptionSpec::text("--border", "constant, replicate, reflect, wrap or reflect101", "reflect101"),
          OptionSpec::number("--border-value",
                             "Value outside the image for --border constant (a finite number in the input's scale, "
                             "e.g. 0.5 for mid-grey of an 8-bit input; refused with any other border)",
                             0.0, -1e30, 1e30)};
}

std::pair<ref::Border, float> filter_border(const OptionValues& o) {
  const auto name = o.text("--border");
  const auto border = parse_filter_border(name);
  // (--border-value is finite: parse_number refuses nan and inf.)
  const auto value = static_cast<float>(o.number("--border-value"));
  if (o.given("--border-value") && border != ref::Border::Constant)
    throw Error("--border-value applies to --border constant only, not to --border " + name +
                    (o.given("--border") ? "" : " (the default)"),
                "drop --border-value or give --border constant");
  return {border, value};
}

ocl::Device filter_device(const std::string& pattern) {
  auto devices = ocl::select_devices(pattern);
  if (devices.size() > 1)
    std::cerr << "filterlab: " << devices.size() << " devices match; using " << devices.front().info.name
              << " (choose with --device)\n";
  return devices.front();
}

}  // namespace filterlab
