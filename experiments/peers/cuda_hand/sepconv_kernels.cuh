#pragma once
// Workload sepconv5: 5x5 separable float correlation, BORDER_CONSTANT 0, fused into one kernel (no
// intermediate image). Two shapes:
//  stream<ROWS>: each warp walks down ROWS rows of a 128-column strip, 4 adjacent outputs per lane;
//    the horizontal sums of the 5 rows of the vertical window stay in registers and the next 4
//    input rows are in flight (a ring of 5 row registers); the 2 + 2 halo columns come from the
//    neighbouring lanes by __shfl_sync, lanes 0 and 31 load the strip's own halo.
//  tile4x8: each lane 4 columns x 8 rows, its 12 input rows (float4) loaded at once.

#include <cuda_runtime.h>

#include "device_image.cuh"
#include "launch.cuh"

namespace cuda_hand {

struct Taps5 {
  float kx[5], ky[5];  // correlation weights, kx[2] and ky[2] at the anchor
};

// One input row as a lane holds it: its 4 columns x0..x0+3, and for lane 0 the columns xs-2, xs-1
// (the strip's left halo), for lane 31 the columns xs+128, xs+129 (its right halo).
struct SepRow {
  float4 v;
  float2 h;
};

__device__ __forceinline__ float const0_at(const float* row, int x, int w) {
  return x >= 0 && x < w ? __ldg(row + x) : 0.f;
}

// 4 pixels from column x (a multiple of 4), 0 outside the image.
__device__ __forceinline__ float4 load4_const0(const float* row, int x, int w) {
  if (x >= 0 && x + 3 < w) return __ldg(reinterpret_cast<const float4*>(row + x));
  return make_float4(const0_at(row, x, w), const0_at(row, x + 1, w), const0_at(row, x + 2, w),
                     const0_at(row, x + 3, w));
}

// 2 pixels from column x (even).
__device__ __forceinline__ float2 load2_const0(const float* row, int x, int w) {
  if (x >= 0 && x + 1 < w) return __ldg(reinterpret_cast<const float2*>(row + x));
  return make_float2(const0_at(row, x, w), const0_at(row, x + 1, w));
}

// Row y of the strip starting at column xs; a row outside the image is all 0.
__device__ __forceinline__ SepRow load_sep_row(const float* in, int pitch, int w, int h, int y, int xs, int lane) {
  SepRow r{make_float4(0.f, 0.f, 0.f, 0.f), make_float2(0.f, 0.f)};
  if (y < 0 || y >= h) return r;
  const float* row = in + static_cast<size_t>(y) * pitch;
  r.v = load4_const0(row, xs + lane * 4, w);
  if (lane == 0) r.h = load2_const0(row, xs - 2, w);
  if (lane == 31) r.h = load2_const0(row, xs + 128, w);
  return r;
}

// The 4 horizontal sums of a row: p = columns x0-2 .. x0+5, the outer 2 + 2 from the neighbours.
__device__ __forceinline__ void sep_horizontal(const SepRow& r, int lane, const Taps5& t, float out[4]) {
  float l2 = __shfl_up_sync(kFullMask, r.v.z, 1), l1 = __shfl_up_sync(kFullMask, r.v.w, 1);
  float r1 = __shfl_down_sync(kFullMask, r.v.x, 1), r2 = __shfl_down_sync(kFullMask, r.v.y, 1);
  if (lane == 0) l2 = r.h.x, l1 = r.h.y;
  if (lane == 31) r1 = r.h.x, r2 = r.h.y;
  const float p[8] = {l2, l1, r.v.x, r.v.y, r.v.z, r.v.w, r1, r2};
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    float s = t.kx[0] * p[k];
#pragma unroll
    for (int i = 1; i < 5; ++i) s = fmaf(t.kx[i], p[k + i], s);
    out[k] = s;
  }
}

__device__ __forceinline__ void store4(float* row, int x, int w, const float o[4]) {
  if (x + 3 < w) {
    *reinterpret_cast<float4*>(row + x) = make_float4(o[0], o[1], o[2], o[3]);
  } else {
#pragma unroll
    for (int k = 0; k < 4; ++k)
      if (x + k < w) row[x + k] = o[k];
  }
}

// Grid: x = strips / kWarpsPerBlock, y = ceil(h / ROWS). Input row y0 - 2 + t is step t; output row
// y0 + t - 4 is complete at step t. Steps go in groups of 5 so that every ring and window index
// (t mod 5) is a compile-time constant: registers, not local memory.
template <int ROWS>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    sepconv_stream(const float* __restrict__ in, int in_pitch, float* __restrict__ out, int out_pitch, int w, int h,
                   Taps5 t) {
  const int lane = threadIdx.x & 31;
  const int xs = (blockIdx.x * kWarpsPerBlock + (threadIdx.x >> 5)) * 128;
  if (xs >= w) return;  // the whole warp: shuffles need every lane
  const int x0 = xs + lane * 4;
  const int y0 = blockIdx.y * ROWS;
  const int n = min(ROWS, h - y0);
  const int steps = n + 4;  // >= 5
  SepRow ring[5];
#pragma unroll
  for (int q = 0; q < 4; ++q) ring[q] = load_sep_row(in, in_pitch, w, h, y0 - 2 + q, xs, lane);
  float hs[5][4];  // horizontal sums of the window's rows, slot t mod 5
  for (int t0 = 0; t0 < steps; t0 += 5) {
#pragma unroll
    for (int u = 0; u < 5; ++u) {
      const int s = t0 + u;
      if (s < steps) {
        if (s + 4 < steps) ring[(u + 4) % 5] = load_sep_row(in, in_pitch, w, h, y0 + s + 2, xs, lane);
        sep_horizontal(ring[u], lane, t, hs[u]);
        if (s >= 4) {  // rows s-4 .. s of the window are slots (u + 1 + j) mod 5
          float o[4];
#pragma unroll
          for (int k = 0; k < 4; ++k) {
            float acc = t.ky[0] * hs[(u + 1) % 5][k];
#pragma unroll
            for (int j = 1; j < 5; ++j) acc = fmaf(t.ky[j], hs[(u + 1 + j) % 5][k], acc);
            o[k] = acc;
          }
          if (x0 < w) store4(out + static_cast<size_t>(y0 + s - 4) * out_pitch, x0, w, o);
        }
      }
    }
  }
}

// Grid: x = strips / kWarpsPerBlock, y = ceil(h / 8).
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    sepconv_tile4x8(const float* __restrict__ in, int in_pitch, float* __restrict__ out, int out_pitch, int w, int h,
                    Taps5 t) {
  const int lane = threadIdx.x & 31;
  const int xs = (blockIdx.x * kWarpsPerBlock + (threadIdx.x >> 5)) * 128;
  if (xs >= w) return;
  const int x0 = xs + lane * 4;
  const int y0 = blockIdx.y * 8;
  SepRow r[12];
#pragma unroll
  for (int i = 0; i < 12; ++i) r[i] = load_sep_row(in, in_pitch, w, h, y0 - 2 + i, xs, lane);
  float hs[12][4];
#pragma unroll
  for (int i = 0; i < 12; ++i) sep_horizontal(r[i], lane, t, hs[i]);
#pragma unroll
  for (int o = 0; o < 8; ++o) {
    float v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      float acc = t.ky[0] * hs[o][k];
#pragma unroll
      for (int j = 1; j < 5; ++j) acc = fmaf(t.ky[j], hs[o + j][k], acc);
      v[k] = acc;
    }
    if (y0 + o < h && x0 < w) store4(out + static_cast<size_t>(y0 + o) * out_pitch, x0, w, v);
  }
}

template <int ROWS>
inline Launch sepconv_stream_launch(const DevImage& in, const DevImage& out, const Taps5& t) {
  Launch l;
  l.kernel = reinterpret_cast<const void*>(&sepconv_stream<ROWS>);
  l.block = dim3(32 * kWarpsPerBlock);
  l.grid = dim3(blocks_for(in.width, 128 * kWarpsPerBlock), blocks_for(in.height, ROWS));
  const float* src = in.f();
  float* dst = out.f();
  const int ip = in.pitch_floats(), op = out.pitch_floats(), w = in.width, h = in.height;
  const dim3 grid = l.grid, block = l.block;
  l.enqueue = [=](cudaStream_t s) { sepconv_stream<ROWS><<<grid, block, 0, s>>>(src, ip, dst, op, w, h, t); };
  return l;
}

inline Launch sepconv_tile4x8_launch(const DevImage& in, const DevImage& out, const Taps5& t) {
  Launch l;
  l.kernel = reinterpret_cast<const void*>(&sepconv_tile4x8);
  l.block = dim3(32 * kWarpsPerBlock);
  l.grid = dim3(blocks_for(in.width, 128 * kWarpsPerBlock), blocks_for(in.height, 8));
  const float* src = in.f();
  float* dst = out.f();
  const int ip = in.pitch_floats(), op = out.pitch_floats(), w = in.width, h = in.height;
  const dim3 grid = l.grid, block = l.block;
  l.enqueue = [=](cudaStream_t s) { sepconv_tile4x8<<<grid, block, 0, s>>>(src, ip, dst, op, w, h, t); };
  return l;
}

}  // namespace cuda_hand
