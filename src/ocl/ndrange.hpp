#pragma once
// No device we run on supports non-uniform work-groups, so global sizes are padded up to a multiple
// of the local size and kernels guard their stores (and never return before a barrier).
#include <cstddef>

#include "ocl/cl.hpp"

namespace filterlab::ocl {

inline std::size_t round_up(std::size_t n, std::size_t multiple) {
  return multiple == 0 ? n : (n + multiple - 1) / multiple * multiple;
}

inline cl::NDRange padded_global(std::size_t width, std::size_t height, const cl::NDRange& local) {
  if (local.dimensions() == 0) return cl::NDRange(width, height);  // NullRange: the runtime chooses
  return cl::NDRange(round_up(width, local[0]), round_up(height, local[1]));
}

}  // namespace filterlab::ocl
