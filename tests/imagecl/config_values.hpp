#pragma once
// Configurations by parameter name in the device tests: the space's first values, and a point with
// some parameters set.
#include <map>
#include <string>

#include "imagecl/space.hpp"

namespace filterlab::test {

inline imagecl::Config first_values(const imagecl::KernelSpace& s) {
  imagecl::Config c;
  for (const auto& p : s.params) c.push_back(p.values.front());
  return c;
}

// `c` with each named parameter set to its value (names the space lacks are ignored).
inline imagecl::Config with(const imagecl::KernelSpace& s, imagecl::Config c,
                            const std::map<std::string, long>& values) {
  for (const auto& [name, v] : values)
    for (std::size_t i = 0; i < s.params.size(); ++i)
      if (s.params[i].name == name) c[i] = v;
  return c;
}

}  // namespace filterlab::test
