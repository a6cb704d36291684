#pragma once
// Border index rules of reference/border.cpp, for the kernels' edge paths and the CPU references.

namespace cuda_hand {

// BORDER_REPLICATE: the nearest edge pixel.
__host__ __device__ inline int clamp_index(int p, int n) { return p < 0 ? 0 : (p >= n ? n - 1 : p); }

// BORDER_REFLECT_101: mirrored without repeating the edge, period 2n - 2 (any p, as the oracle's
// closed form; n == 1 reads pixel 0).
__host__ __device__ inline int reflect101(int p, int n) {
  if (p >= 0 && p < n) return p;
  if (n == 1) return 0;
  const int period = 2 * n - 2;
  int q = p % period;
  if (q < 0) q += period;
  return q < n ? q : period - q;
}

}  // namespace cuda_hand
