#pragma once
// Workload conv2d5_u8: 5x5 non-separable correlation of an 8-bit image, BORDER_REPLICATE, 8-bit
// out: saturate(round half to even(exact sum)). Each warp walks down ROWS rows of a strip of
// 128 * V columns, 4 * V adjacent outputs per lane (V 32-bit words of pixels); the 2 + 2 halo
// pixels come from the neighbouring lanes' words by __shfl_sync. Every input row is added into the
// 5 output rows it belongs to (accumulators in registers, slot = output row mod 5).
//  dp4a_exact<V>: weights n / 2^k with integer n in int8 (checked on the host): the sum of n * pixel
//    in int32, 4 products per dp4a (dp4a.u32.s32: unsigned pixels, signed weights), each output row
//    of weights as 2 dp4a per output (taps 0-3, tap 4 alone); then one float scale by 2^-k and the
//    rounding, both exact (|sum| < 2^22): bit-identical to the oracle.
//  fma_contracted<V>: float weights times pixels, fma (rounded once per product-sum).
// Conversions go through magic-number floats (2^23 + p, 1.5 * 2^23): I2F and F2I issue at 16 per
// SM per clock on sm_90, a quarter of the rate of the integer and fma pipes.

#include <cuda_runtime.h>

#include <cstdint>

#include "border.cuh"
#include "device_image.cuh"
#include "launch.cuh"

namespace cuda_hand {

struct U8IntTaps {
  unsigned lo[5];  // row j's taps 0..3 as signed bytes (byte i = tap i)
  unsigned hi[5];  // row j's tap 4 in byte 0, zeros above
  float scale;     // 2^-k
};

struct U8FloatTaps {
  float w[25];  // row-major correlation weights
};

__device__ __forceinline__ int dp4a_us(unsigned pixels, unsigned weights, int acc) {
  int d;
  asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(pixels), "r"(weights), "r"(acc));
  return d;
}

// 4 pixels from column x (a multiple of 4), replicate border.
__device__ __forceinline__ unsigned load_word_replicate(const std::uint8_t* row, int x, int w) {
  if (x >= 0 && x + 3 < w) return __ldg(reinterpret_cast<const unsigned*>(row + x));
  unsigned r = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) r |= static_cast<unsigned>(__ldg(row + clamp_index(x + k, w))) << (8 * k);
  return r;
}

template <int V>
struct U8Row {
  unsigned v[V];  // columns x0 .. x0 + 4V - 1
  unsigned h;     // lane 0: columns xs-4 .. xs-1; lane 31: xs + 128V .. + 3
};

template <int V>
__device__ __forceinline__ U8Row<V> load_u8_row(const std::uint8_t* in, int pitch, int w, int h, int y, int xs,
                                                int lane) {
  const std::uint8_t* row = in + static_cast<size_t>(clamp_index(y, h)) * pitch;
  const int x0 = xs + lane * 4 * V;
  U8Row<V> r;
  if constexpr (V == 2) {
    if (x0 + 7 < w) {  // x0 is a multiple of 8: an aligned 8-byte load
      const uint2 q = __ldg(reinterpret_cast<const uint2*>(row + x0));
      r.v[0] = q.x, r.v[1] = q.y;
    } else {
      r.v[0] = load_word_replicate(row, x0, w), r.v[1] = load_word_replicate(row, x0 + 4, w);
    }
  } else {
    static_assert(V == 1, "1 or 2 words per lane");
    r.v[0] = load_word_replicate(row, x0, w);
  }
  r.h = 0;
  if (lane == 0) r.h = load_word_replicate(row, xs - 4, w);
  if (lane == 31) r.h = load_word_replicate(row, xs + 128 * V, w);
  return r;
}

// The lane's words from column x0 - 4 to x0 + 4V + 3: its own V, one from each neighbour.
template <int V>
__device__ __forceinline__ void u8_words(const U8Row<V>& r, int lane, unsigned seq[V + 2]) {
  seq[0] = __shfl_up_sync(kFullMask, r.v[V - 1], 1);
  seq[V + 1] = __shfl_down_sync(kFullMask, r.v[0], 1);
  if (lane == 0) seq[0] = r.h;
  if (lane == 31) seq[V + 1] = r.h;
#pragma unroll
  for (int i = 0; i < V; ++i) seq[i + 1] = r.v[i];
}

// Windows of 4 pixels: a[m] starts at column x0 + m - 2 (m = 0 .. 4V + 3), byte i = column + i. For
// m >= 4V only byte 0 is used (tap 4 of output m - 4), so the word past seq may read as 0.
template <int V>
__device__ __forceinline__ void u8_windows(const unsigned seq[V + 2], unsigned a[4 * V + 4]) {
#pragma unroll
  for (int m = 0; m < 4 * V + 4; ++m) {
    const int s = m + 2, q = s >> 2, o = s & 3;
    const unsigned next = q + 1 <= V + 1 ? seq[q + 1 <= V + 1 ? q + 1 : q] : 0u;
    a[m] = o == 0 ? seq[q] : __byte_perm(seq[q], next, 0x3210 + 0x1111 * o);
  }
}

__device__ __forceinline__ float u8_to_float(unsigned word, int byte) {  // 2^23 + p, minus 2^23: no I2F
  return __int_as_float(__byte_perm(word, 0x4B000000u, 0x7440 + byte)) - 8388608.0f;
}

// The pixels of columns x0 - 2 .. x0 + 4V + 1 as floats.
template <int V>
__device__ __forceinline__ void u8_floats(const unsigned seq[V + 2], float p[4 * V + 4]) {
#pragma unroll
  for (int m = 0; m < 4 * V + 4; ++m) p[m] = u8_to_float(seq[(m + 2) >> 2], (m + 2) & 3);
}

// saturate(rte(s * scale)) for |s| < 2^22 and a power-of-two scale: both steps exact.
__device__ __forceinline__ unsigned u8_from_int(int s, float scale) {
  const float f = __int_as_float(0x4B400000 + s) - 12582912.0f;            // s, without I2F
  const int q = __float_as_int(fmaf(f, scale, 12582912.0f)) - 0x4B400000;  // rte, without F2I
  return static_cast<unsigned>(min(max(q, 0), 255));
}

// saturate(rte(v)) of a float sum.
__device__ __forceinline__ unsigned u8_from_float(float v) {
  v = fminf(fmaxf(v, -1.0f), 256.0f);
  const int q = __float_as_int(v + 12582912.0f) - 0x4B400000;
  return static_cast<unsigned>(min(max(q, 0), 255));
}

__device__ __forceinline__ unsigned pack4(unsigned b0, unsigned b1, unsigned b2, unsigned b3) {
  return __byte_perm(__byte_perm(b0, b1, 0x0040), __byte_perm(b2, b3, 0x0040), 0x5410);
}

template <int V>
__device__ __forceinline__ void store_u8(std::uint8_t* row, int x0, int w, const unsigned q[4 * V]) {
  unsigned words[V];
#pragma unroll
  for (int i = 0; i < V; ++i) words[i] = pack4(q[4 * i], q[4 * i + 1], q[4 * i + 2], q[4 * i + 3]);
  if (x0 + 4 * V - 1 < w) {
    if constexpr (V == 2)
      *reinterpret_cast<uint2*>(row + x0) = make_uint2(words[0], words[1]);
    else
      *reinterpret_cast<unsigned*>(row + x0) = words[0];
  } else {
#pragma unroll
    for (int k = 0; k < 4 * V; ++k)
      if (x0 + k < w) row[x0 + k] = static_cast<std::uint8_t>(q[k]);
  }
}

// Grid: x = ceil(w / (128 V kWarpsPerBlock)), y = ceil(h / ROWS). Input row y0 - 2 + s is step s; it
// adds weight row j into output row s - j, slot (s - j) mod 5. A slot is cleared at the step of its
// output row's first row (j = 0), which also drops what steps s < 4 added for rows above y0.
template <int V, int ROWS>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    conv2d_u8_dp4a(const std::uint8_t* __restrict__ in, int in_pitch, std::uint8_t* __restrict__ out, int out_pitch,
                   int w, int h, U8IntTaps t) {
  const int lane = threadIdx.x & 31;
  const int xs = (blockIdx.x * kWarpsPerBlock + (threadIdx.x >> 5)) * 128 * V;
  if (xs >= w) return;
  const int x0 = xs + lane * 4 * V;
  const int y0 = blockIdx.y * ROWS;
  const int n = min(ROWS, h - y0);
  const int steps = n + 4;
  U8Row<V> ring[5];
#pragma unroll
  for (int q = 0; q < 4; ++q) ring[q] = load_u8_row<V>(in, in_pitch, w, h, y0 - 2 + q, xs, lane);
  int acc[5][4 * V];
  for (int t0 = 0; t0 < steps; t0 += 5) {
#pragma unroll
    for (int u = 0; u < 5; ++u) {
      const int s = t0 + u;
      if (s < steps) {
        if (s + 4 < steps) ring[(u + 4) % 5] = load_u8_row<V>(in, in_pitch, w, h, y0 + s + 2, xs, lane);
        unsigned seq[V + 2], a[4 * V + 4];
        u8_words<V>(ring[u], lane, seq);
        u8_windows<V>(seq, a);
#pragma unroll
        for (int k = 0; k < 4 * V; ++k) acc[u][k] = 0;
#pragma unroll
        for (int j = 0; j < 5; ++j)
#pragma unroll
          for (int k = 0; k < 4 * V; ++k) {
            int& c = acc[(u + 5 - j) % 5][k];
            c = dp4a_us(a[k + 4], t.hi[j], dp4a_us(a[k], t.lo[j], c));
          }
        if (s >= 4 && x0 < w) {  // output row s - 4 got its last row (j = 4): slot (u + 1) mod 5
          unsigned q[4 * V];
#pragma unroll
          for (int k = 0; k < 4 * V; ++k) q[k] = u8_from_int(acc[(u + 1) % 5][k], t.scale);
          store_u8<V>(out + static_cast<size_t>(y0 + s - 4) * out_pitch, x0, w, q);
        }
      }
    }
  }
}

template <int V, int ROWS>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    conv2d_u8_fma(const std::uint8_t* __restrict__ in, int in_pitch, std::uint8_t* __restrict__ out, int out_pitch,
                  int w, int h, U8FloatTaps t) {
  const int lane = threadIdx.x & 31;
  const int xs = (blockIdx.x * kWarpsPerBlock + (threadIdx.x >> 5)) * 128 * V;
  if (xs >= w) return;
  const int x0 = xs + lane * 4 * V;
  const int y0 = blockIdx.y * ROWS;
  const int n = min(ROWS, h - y0);
  const int steps = n + 4;
  U8Row<V> ring[5];
#pragma unroll
  for (int q = 0; q < 4; ++q) ring[q] = load_u8_row<V>(in, in_pitch, w, h, y0 - 2 + q, xs, lane);
  float acc[5][4 * V];
  for (int t0 = 0; t0 < steps; t0 += 5) {
#pragma unroll
    for (int u = 0; u < 5; ++u) {
      const int s = t0 + u;
      if (s < steps) {
        if (s + 4 < steps) ring[(u + 4) % 5] = load_u8_row<V>(in, in_pitch, w, h, y0 + s + 2, xs, lane);
        unsigned seq[V + 2];
        u8_words<V>(ring[u], lane, seq);
        float p[4 * V + 4];
        u8_floats<V>(seq, p);
#pragma unroll
        for (int k = 0; k < 4 * V; ++k) acc[u][k] = 0.f;
#pragma unroll
        for (int j = 0; j < 5; ++j)
#pragma unroll
          for (int k = 0; k < 4 * V; ++k) {
            float& c = acc[(u + 5 - j) % 5][k];
#pragma unroll
            for (int i = 0; i < 5; ++i) c = fmaf(t.w[5 * j + i], p[k + i], c);
          }
        if (s >= 4 && x0 < w) {
          unsigned q[4 * V];
#pragma unroll
          for (int k = 0; k < 4 * V; ++k) q[k] = u8_from_float(acc[(u + 1) % 5][k]);
          store_u8<V>(out + static_cast<size_t>(y0 + s - 4) * out_pitch, x0, w, q);
        }
      }
    }
  }
}

template <int V, int ROWS>
inline Launch conv2d_u8_dp4a_launch(const DevImage& in, const DevImage& out, const U8IntTaps& t) {
  Launch l;
  l.kernel = reinterpret_cast<const void*>(&conv2d_u8_dp4a<V, ROWS>);
  l.block = dim3(32 * kWarpsPerBlock);
  l.grid = dim3(blocks_for(in.width, 128 * V * kWarpsPerBlock), blocks_for(in.height, ROWS));
  const std::uint8_t* src = in.b();
  std::uint8_t* dst = out.b();
  const int ip = in.pitch_bytes(), op = out.pitch_bytes(), w = in.width, h = in.height;
  const dim3 grid = l.grid, block = l.block;
  l.enqueue = [=](cudaStream_t s) { conv2d_u8_dp4a<V, ROWS><<<grid, block, 0, s>>>(src, ip, dst, op, w, h, t); };
  return l;
}

template <int V, int ROWS>
inline Launch conv2d_u8_fma_launch(const DevImage& in, const DevImage& out, const U8FloatTaps& t) {
  Launch l;
  l.kernel = reinterpret_cast<const void*>(&conv2d_u8_fma<V, ROWS>);
  l.block = dim3(32 * kWarpsPerBlock);
  l.grid = dim3(blocks_for(in.width, 128 * V * kWarpsPerBlock), blocks_for(in.height, ROWS));
  const std::uint8_t* src = in.b();
  std::uint8_t* dst = out.b();
  const int ip = in.pitch_bytes(), op = out.pitch_bytes(), w = in.width, h = in.height;
  const dim3 grid = l.grid, block = l.block;
  l.enqueue = [=](cudaStream_t s) { conv2d_u8_fma<V, ROWS><<<grid, block, 0, s>>>(src, ip, dst, op, w, h, t); };
  return l;
}

}  // namespace cuda_hand
