#pragma once
// What a variant enqueues, and what the result file records about it (the kernel's resources).

#include <cuda_runtime.h>

#include <cstddef>
#include <functional>

namespace cuda_hand {

constexpr unsigned kFullMask = 0xffffffffu;
// Every kernel's block is 4 warps side by side along x: neighbouring strips share their halo
// columns' cache lines in one SM's L1. CUDA_HAND_WARPS (build.sh's CUDA_HAND_FLAGS) changes it for
// an occupancy sweep; the build options in the result name it.
#ifndef CUDA_HAND_WARPS
#define CUDA_HAND_WARPS 4
#endif
constexpr int kWarpsPerBlock = CUDA_HAND_WARPS;

struct Launch {
  const void* kernel = nullptr;  // for cudaFuncGetAttributes and the occupancy
  dim3 grid, block;
  std::size_t shared_bytes = 0;  // dynamic
  std::function<void(cudaStream_t)> enqueue;
};

inline unsigned blocks_for(int n, int per_block) { return static_cast<unsigned>((n + per_block - 1) / per_block); }

}  // namespace cuda_hand
