#pragma once
// The kernels/*.cl files as compiled into the binary (see cmake/EmbedKernels.cmake).
#include <cstddef>

namespace filterlab::ocl {

struct EmbeddedKernel {
  const char* path;  // relative to kernels/, e.g. "scharr/single.cl"
  const char* source;
  const char* sha256;  // of the file at build time
};

extern const EmbeddedKernel kEmbeddedKernels[];
extern const std::size_t kEmbeddedKernelCount;

}  // namespace filterlab::ocl
