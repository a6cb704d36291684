#pragma once
// The ImageCL kernels generated at build time (imagecl/benchmarks/*.icl through filterlab-imagecl),
// compiled into the binary so that a host without Clang can run any configuration of them.
#include <cstddef>

namespace filterlab::imagecl {

struct EmbeddedKernel {
  const char* name;    // the kernel's name, e.g. "sepconv_row"
  const char* opencl;  // the generated OpenCL C with -D switches
  const char* space;   // the search space (JSON)
  const char* sha256;  // of the OpenCL C
};

extern const EmbeddedKernel kEmbeddedKernels[];
extern const std::size_t kEmbeddedKernelCount;

}  // namespace filterlab::imagecl
