#pragma once
// Mutation tests: a change to the generated OpenCL made in every program a space builds, the
// kernel's source and its second sources (fill_window, row_split), which hold the kernel's text too.
#include <cstddef>
#include <string>

#include "imagecl/space.hpp"

namespace filterlab::test {

// Replaces every `from` by `to` in each program of `s`; returns the replacements in s.opencl.
inline std::size_t mutate_programs(imagecl::KernelSpace& s, const std::string& from, const std::string& to) {
  std::size_t in_kernel = 0;
  for (auto* text : {&s.opencl, &s.fill_window.opencl, &s.row_split.opencl})
    for (auto at = text->find(from); at != std::string::npos; at = text->find(from, at + to.size())) {
      text->replace(at, from.size(), to);
      if (text == &s.opencl) ++in_kernel;
    }
  return in_kernel;
}

}  // namespace filterlab::test
