#pragma once
// The honest floor and the L2 flush. The floor of a workload is the fastest of these copies of its
// input's pixel bytes into a buffer of its output's size, timed exactly like the filters (L2 flushed
// before each launch): the least any kernel that reads the input once and writes the output once
// can take on this device.

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "device_image.cuh"
#include "launch.cuh"

namespace cuda_hand {

// Grid-stride, 4 independent 16-byte loads in flight per thread before their stores.
__global__ void __launch_bounds__(256)
    copy_grid_stride(const uint4* __restrict__ in, uint4* __restrict__ out, std::size_t n16) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + 3 * stride < n16; i += 4 * stride) {
    const uint4 a = __ldg(in + i), b = __ldg(in + i + stride), c = __ldg(in + i + 2 * stride),
                d = __ldg(in + i + 3 * stride);
    out[i] = a, out[i + stride] = b, out[i + 2 * stride] = c, out[i + 3 * stride] = d;
  }
  for (; i < n16; i += stride) out[i] = __ldg(in + i);
}

// One 16-byte vector per thread, as many blocks as that takes.
__global__ void __launch_bounds__(256)
    copy_one_per_thread(const uint4* __restrict__ in, uint4* __restrict__ out, std::size_t n16) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n16) out[i] = __ldg(in + i);
}

// Reads every byte of the flush buffer (more than the L2 holds), so that the L2 afterwards holds
// clean lines of it only: nothing of the previous launch stays cached and no dirty line is left to
// be written back inside the next timed launch (a write-flush would leave the L2 full of those).
__global__ void __launch_bounds__(256) l2_flush_read(const uint4* __restrict__ buf, std::size_t n16, unsigned* sink) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned acc = 0;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n16; i += stride) {
    const uint4 v = buf[i];
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x2545F491u) *sink = acc;  // the buffer is zero: never taken, but the loads must happen
}

struct FloorCandidate {
  std::string name, description;
  Launch launch;  // launch.kernel is null for cudaMemcpyAsync
};

// Copies of in's first `bytes` bytes (its pixels, rows packed; a multiple of 16 here) to dst.
inline std::vector<FloorCandidate> floor_candidates(const DevImage& in, void* dst, std::size_t bytes, int sms) {
  if (bytes % 16 != 0) throw std::runtime_error("the same-bytes copy needs a multiple of 16 bytes");
  const std::size_t n16 = bytes / 16;
  const uint4* src = static_cast<const uint4*>(in.ptr);
  uint4* out = static_cast<uint4*>(dst);
  std::vector<FloorCandidate> c;
  {
    FloorCandidate f{
        "copy_grid_stride", "uint4 grid-stride copy, 4 loads in flight per thread, 32 blocks of 256 per SM", {}};
    f.launch.kernel = reinterpret_cast<const void*>(&copy_grid_stride);
    f.launch.grid = dim3(static_cast<unsigned>(sms * 32)), f.launch.block = dim3(256);
    const dim3 g = f.launch.grid, b = f.launch.block;
    f.launch.enqueue = [=](cudaStream_t s) { copy_grid_stride<<<g, b, 0, s>>>(src, out, n16); };
    c.push_back(f);
  }
  {
    FloorCandidate f{"copy_one_per_thread", "uint4 copy, one vector per thread", {}};
    f.launch.kernel = reinterpret_cast<const void*>(&copy_one_per_thread);
    f.launch.grid = dim3(static_cast<unsigned>((n16 + 255) / 256)), f.launch.block = dim3(256);
    const dim3 g = f.launch.grid, b = f.launch.block;
    f.launch.enqueue = [=](cudaStream_t s) { copy_one_per_thread<<<g, b, 0, s>>>(src, out, n16); };
    c.push_back(f);
  }
  {
    FloorCandidate f{"cuda_memcpy_async", "cudaMemcpyAsync device to device", {}};
    const void* from = in.ptr;
    f.launch.enqueue = [=](cudaStream_t s) {
      cuda_check(cudaMemcpyAsync(out, from, bytes, cudaMemcpyDeviceToDevice, s), "cudaMemcpyAsync");
    };
    c.push_back(f);
  }
  return c;
}

}  // namespace cuda_hand
