#pragma once
// A configuration of an ImageCL space in a test: every parameter at its first value, then some set
// by name; a name the space does not have fails the test (a mistyped switch would test nothing).
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "imagecl/space.hpp"

namespace filterlab::test {

inline imagecl::Config config_of(const imagecl::KernelSpace& s, const std::vector<std::pair<std::string, long>>& set) {
  imagecl::Config c;
  for (const auto& p : s.params) c.push_back(p.values.front());
  for (const auto& [name, v] : set) {
    bool found = false;
    for (std::size_t i = 0; i < s.params.size(); ++i)
      if (s.params[i].name == name) c[i] = v, found = true;
    INFO(s.kernel << " has no parameter " << name);
    REQUIRE(found);
  }
  return c;
}

}  // namespace filterlab::test
