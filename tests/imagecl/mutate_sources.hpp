#pragma once
// Mutation tests: a change to the generated OpenCL made in every program a space builds, the
// kernel's source and its second sources (fill_window, row_split, simd), which hold the kernel's text too.
#include <cstddef>
#include <string>

#include "imagecl/space.hpp"

namespace filterlab::test {

// Replaces every `from` by `to` in each program of `s`; returns the replacements in s.opencl.
inline std::size_t mutate_programs(imagecl::KernelSpace& s, const std::string& from, const std::string& to) {
  std::size_t in_kernel = 0;
  for (auto* text : {&s.opencl, &s.fill_window.opencl, &s.row_split.opencl, &s.simd.opencl})
    for (auto at = text->find(from); at != std::string::npos; at = text->find(from, at + to.size())) {
      text->replace(at, from.size(), to);
      if (text == &s.opencl) ++in_kernel;
    }
  return in_kernel;
}

// The same in the strip vectorisation's source alone (its macros exist only there); returns the
// replacements made.
inline std::size_t mutate_simd_program(imagecl::KernelSpace& s, const std::string& from, const std::string& to) {
  std::size_t n = 0;
  for (auto at = s.simd.opencl.find(from); at != std::string::npos; at = s.simd.opencl.find(from, at + to.size()), ++n)
    s.simd.opencl.replace(at, from.size(), to);
  return n;
}

}  // namespace filterlab::test
