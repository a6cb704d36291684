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

ocl::Device filter_device(const std::string& pattern) {
  auto devices = ocl::select_devices(pattern);
  if (devices.size() > 1)
    std::cerr << "filterlab: " << devices.size() << " devices match; using " << devices.front().info.name
              << " (choose with --device)\n";
  return devices.front();
}

}  // namespace filterlab
