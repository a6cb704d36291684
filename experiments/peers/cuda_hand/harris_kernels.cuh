#pragma once
// Workload harris: cv::cornerHarris(blockSize 2, ksize 3, k, BORDER_REFLECT_101) on floats, fused.
// Ix, Iy = 3x3 Sobel (scaled by s = sobel_scale), a, b, c = Ix^2, Ix Iy, Iy^2 summed over the 2x2
// window x-1..x, y-1..y, R = a c - b^2 - k (a + c)^2; reflect-101 in both steps, so the products'
// column and row -1 are their column and row 1 (as the oracle indexes them; products of reflected
// pixels there would flip b's sign, which only cancels in b^2 because Ix is 0 at column 0).
// Each warp walks down ROWS rows of a 128-column strip, 4 outputs per lane, keeping the previous
// product row's horizontal sums in registers; unscaled Sobel sums, R scaled by s^4 at the end.
//  stream<ROWS, P>: rows loaded into registers P rows ahead; halo columns by __shfl_sync.
//  stream_cpasync<ROWS, D>: rows staged D ahead into shared memory by cp.async (per warp, no block
//    barrier); strips touching the left or right edge take the plain path (reflected columns).

#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include "border.cuh"
#include "device_image.cuh"
#include "launch.cuh"

namespace cuda_hand {

struct HarrisParams {
  float k;       // Harris's k
  float scale4;  // sobel_scale^4: a c, b^2 and (a + c)^2 each carry s^2 s^2
};

// One input row as a lane holds it: columns x0..x0+3; lane 0 also xs-2, xs-1, lane 31 xs+128, xs+129.
struct HarrisRow {
  float4 v;
  float2 h;
};

__device__ __forceinline__ float4 load4_reflect(const float* row, int x, int w) {
  if (x >= 0 && x + 3 < w) return __ldg(reinterpret_cast<const float4*>(row + x));
  return make_float4(__ldg(row + reflect101(x, w)), __ldg(row + reflect101(x + 1, w)),
                     __ldg(row + reflect101(x + 2, w)), __ldg(row + reflect101(x + 3, w)));
}

__device__ __forceinline__ float2 load2_reflect(const float* row, int x, int w) {
  if (x >= 0 && x + 1 < w) return __ldg(reinterpret_cast<const float2*>(row + x));
  return make_float2(__ldg(row + reflect101(x, w)), __ldg(row + reflect101(x + 1, w)));
}

// Row y (already inside the image) of the strip at column xs.
__device__ __forceinline__ HarrisRow load_harris_row(const float* in, int pitch, int w, int y, int xs, int lane) {
  const float* row = in + static_cast<size_t>(y) * pitch;
  HarrisRow r;
  r.v = load4_reflect(row, xs + lane * 4, w);
  r.h = make_float2(0.f, 0.f);
  if (lane == 0) r.h = load2_reflect(row, xs - 2, w);
  if (lane == 31) r.h = load2_reflect(row, xs + 128, w);
  return r;
}

// Columns x0-2 .. x0+4 of a row.
__device__ __forceinline__ void harris_columns(const HarrisRow& r, int lane, float c[7]) {
  float l2 = __shfl_up_sync(kFullMask, r.v.z, 1), l1 = __shfl_up_sync(kFullMask, r.v.w, 1);
  float r1 = __shfl_down_sync(kFullMask, r.v.x, 1);
  if (lane == 0) l2 = r.h.x, l1 = r.h.y;
  if (lane == 31) r1 = r.h.x;
  c[0] = l2, c[1] = l1, c[2] = r.v.x, c[3] = r.v.y, c[4] = r.v.z, c[5] = r.v.w, c[6] = r1;
}

// A product row's horizontal 2-sums at columns x0..x0+3 (columns x-1 and x).
struct HarrisSums {
  float a[4], b[4], c[4];
};

// From the rows above, at and below (columns x0-2 .. x0+4): products at columns x0-1 .. x0+3.
// left_edge: x0 == 0, where column -1 is the products' column reflect101(-1) (1, or 0 in a
// 1-pixel-wide image).
__device__ __forceinline__ HarrisSums harris_sums(const float up[7], const float mid[7], const float dn[7],
                                                  bool left_edge, bool one_wide) {
  float sm[7], d[7];  // vertical parts of the separable Sobel: smoothing (1 2 1) and difference
#pragma unroll
  for (int i = 0; i < 7; ++i) sm[i] = fmaf(2.f, mid[i], up[i] + dn[i]), d[i] = dn[i] - up[i];
  float a[5], b[5], c[5];
#pragma unroll
  for (int j = 0; j < 5; ++j) {
    const float ix = sm[j + 2] - sm[j], iy = fmaf(2.f, d[j + 1], d[j] + d[j + 2]);
    a[j] = ix * ix, b[j] = ix * iy, c[j] = iy * iy;
  }
  if (left_edge) {  // selects, not a[m] with m unknown at compile time (that would live in local memory)
    a[0] = one_wide ? a[1] : a[2], b[0] = one_wide ? b[1] : b[2], c[0] = one_wide ? c[1] : c[2];
  }
  HarrisSums s;
#pragma unroll
  for (int k = 0; k < 4; ++k) s.a[k] = a[k] + a[k + 1], s.b[k] = b[k] + b[k + 1], s.c[k] = c[k] + c[k + 1];
  return s;
}

__device__ __forceinline__ void harris_store(float* row, int x0, int w, const HarrisSums& up, const HarrisSums& cur,
                                             const HarrisParams& p) {
  float o[4];
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const float a = up.a[k] + cur.a[k], b = up.b[k] + cur.b[k], c = up.c[k] + cur.c[k], t = a + c;
    o[k] = (a * c - b * b - p.k * t * t) * p.scale4;
  }
  if (x0 + 3 < w) {
    *reinterpret_cast<float4*>(row + x0) = make_float4(o[0], o[1], o[2], o[3]);
  } else {
#pragma unroll
    for (int k = 0; k < 4; ++k)
      if (x0 + k < w) row[x0 + k] = o[k];
  }
}

// The rows a warp reads, in order: 0-2 make the product row reflect101(y0 - 1) (rows pr-1, pr, pr+1),
// then row i >= 3 is y0 + i - 2 (the row below output row y0 + i - 3). For y0 > 0 this is simply
// y0 - 2 + i; for y0 == 0 the product row above is row 1's, and output row 0 reads rows 1, 0, 1.
__device__ __forceinline__ int harris_row_index(int i, int y0, int h) {
  const int pr = reflect101(y0 - 1, h);
  return i < 3 ? reflect101(pr - 1 + i, h) : reflect101(y0 + i - 2, h);
}

// The plain path for the strip at xs: output rows y0 .. y0 + n - 1, rows loaded P (1..4) steps ahead.
template <int P>
__device__ __forceinline__ void harris_strip_plain(const float* __restrict__ in, int in_pitch, float* __restrict__ out,
                                                   int out_pitch, int w, int h, const HarrisParams& p, int xs, int lane,
                                                   int y0, int n) {
  const int x0 = xs + lane * 4;
  const bool left_edge = x0 == 0, one_wide = w == 1;
  const HarrisRow r0 = load_harris_row(in, in_pitch, w, harris_row_index(0, y0, h), xs, lane);
  const HarrisRow r1 = load_harris_row(in, in_pitch, w, harris_row_index(1, y0, h), xs, lane);
  const HarrisRow r2 = load_harris_row(in, in_pitch, w, harris_row_index(2, y0, h), xs, lane);
  static_assert(P >= 1 && P <= 4, "1 to 4 rows ahead");
  HarrisRow ahead[P];  // streamed rows m .. m + P - 1, in flight
#pragma unroll
  for (int q = 0; q < P; ++q)
    if (q < n) ahead[q] = load_harris_row(in, in_pitch, w, harris_row_index(3 + q, y0, h), xs, lane);
  float u0[7], u1[7], u2[7];
  harris_columns(r0, lane, u0);
  harris_columns(r1, lane, u1);
  harris_columns(r2, lane, u2);
  HarrisSums above = harris_sums(u0, u1, u2, left_edge, one_wide);
  float up[7], mid[7];  // rows y - 1 and y of output row y
#pragma unroll
  for (int i = 0; i < 7; ++i) up[i] = u1[i], mid[i] = y0 == 0 ? u0[i] : u2[i];
#pragma unroll 1  // rolled: unrolled steps overlap and need ~50 more registers (4 instead of 6 blocks per SM)
  for (int m = 0; m < n; ++m) {
    float dn[7];
    harris_columns(ahead[0], lane, dn);
#pragma unroll
    for (int q = 0; q + 1 < P; ++q) ahead[q] = ahead[q + 1];
    if (m + P < n) ahead[P - 1] = load_harris_row(in, in_pitch, w, harris_row_index(m + 3 + P, y0, h), xs, lane);
    const HarrisSums cur = harris_sums(up, mid, dn, left_edge, one_wide);
    if (x0 < w) harris_store(out + static_cast<size_t>(y0 + m) * out_pitch, x0, w, above, cur, p);
    above = cur;
#pragma unroll
    for (int i = 0; i < 7; ++i) up[i] = mid[i], mid[i] = dn[i];
  }
}

// Grid: x = strips / kWarpsPerBlock, y = ceil(h / ROWS).
template <int ROWS, int P>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    harris_stream(const float* __restrict__ in, int in_pitch, float* __restrict__ out, int out_pitch, int w, int h,
                  HarrisParams p) {
  const int lane = threadIdx.x & 31;
  const int xs = (blockIdx.x * kWarpsPerBlock + (threadIdx.x >> 5)) * 128;
  if (xs >= w) return;
  const int y0 = blockIdx.y * ROWS;
  harris_strip_plain<P>(in, in_pitch, out, out_pitch, w, h, p, xs, lane, y0, min(ROWS, h - y0));
}

// A staged row: floats [0, 4) columns xs-4 .. xs-1 (only xs-2, xs-1 copied), [4, 132) the strip,
// [132, 136) columns xs+128 .. xs+131 (only xs+128, xs+129 copied).
constexpr int kStageFloats = 136;

// Grid as harris_stream; D + 1 staged rows per warp in static shared memory.
template <int ROWS, int D>
__global__ void __launch_bounds__(32 * kWarpsPerBlock)
    harris_stream_cpasync(const float* __restrict__ in, int in_pitch, float* __restrict__ out, int out_pitch, int w,
                          int h, HarrisParams p) {
  __shared__ __align__(16) float stage[kWarpsPerBlock][D + 1][kStageFloats];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int xs = (blockIdx.x * kWarpsPerBlock + warp) * 128;
  if (xs >= w) return;
  const int y0 = blockIdx.y * ROWS;
  const int n = min(ROWS, h - y0);
  if (xs < 4 || xs + 132 > w) {  // the halo or the strip reaches past an edge: reflected columns
    harris_strip_plain<1>(in, in_pitch, out, out_pitch, w, h, p, xs, lane, y0, n);
    return;
  }
  const int x0 = xs + lane * 4;
  const int rows = n + 3;
  // Row i into slot i mod (D + 1), one commit group per row (empty past the last), so that waiting
  // for all but the newest D groups means row i has arrived.
  auto issue = [&](int i) {
    if (i < rows) {
      const float* src = in + static_cast<size_t>(harris_row_index(i, y0, h)) * in_pitch;
      float* slot = stage[warp][i % (D + 1)];
      __pipeline_memcpy_async(slot + 4 + lane * 4, src + x0, 16);
      if (lane == 0) __pipeline_memcpy_async(slot + 2, src + xs - 2, 8);
      if (lane == 31) __pipeline_memcpy_async(slot + 132, src + xs + 128, 8);
    }
    __pipeline_commit();
  };
  // Columns x0-2 .. x0+4 of row i; the first __syncwarp keeps the slot being refilled (read one step
  // before) from being overwritten while another lane still reads it.
  auto fetch = [&](int i, float c[7]) {
    __syncwarp();
    issue(i + D);
    __pipeline_wait_prior(D);
    __syncwarp();
    const float* slot = stage[warp][i % (D + 1)] + lane * 4;
    const float4 v = *reinterpret_cast<const float4*>(slot + 4);
    const float2 l = *reinterpret_cast<const float2*>(slot + 2);
    c[0] = l.x, c[1] = l.y, c[2] = v.x, c[3] = v.y, c[4] = v.z, c[5] = v.w, c[6] = slot[8];
  };
#pragma unroll
  for (int i = 0; i < D; ++i) issue(i);
  float u0[7], u1[7], u2[7];
  fetch(0, u0);
  fetch(1, u1);
  fetch(2, u2);
  HarrisSums above = harris_sums(u0, u1, u2, false, false);  // interior strips: x0 > 0
  float up[7], mid[7];
#pragma unroll
  for (int i = 0; i < 7; ++i) up[i] = u1[i], mid[i] = y0 == 0 ? u0[i] : u2[i];
#pragma unroll 2
  for (int m = 0; m < n; ++m) {
    float dn[7];
    fetch(m + 3, dn);
    const HarrisSums cur = harris_sums(up, mid, dn, false, false);
    harris_store(out + static_cast<size_t>(y0 + m) * out_pitch, x0, w, above, cur, p);
    above = cur;
#pragma unroll
    for (int i = 0; i < 7; ++i) up[i] = mid[i], mid[i] = dn[i];
  }
  __pipeline_wait_prior(0);  // no copy may still target shared memory when the warp exits
}

template <int ROWS, int P>
inline Launch harris_stream_launch(const DevImage& in, const DevImage& out, const HarrisParams& p) {
  Launch l;
  l.kernel = reinterpret_cast<const void*>(&harris_stream<ROWS, P>);
  l.block = dim3(32 * kWarpsPerBlock);
  l.grid = dim3(blocks_for(in.width, 128 * kWarpsPerBlock), blocks_for(in.height, ROWS));
  const float* src = in.f();
  float* dst = out.f();
  const int ip = in.pitch_floats(), op = out.pitch_floats(), w = in.width, h = in.height;
  const dim3 grid = l.grid, block = l.block;
  l.enqueue = [=](cudaStream_t s) { harris_stream<ROWS, P><<<grid, block, 0, s>>>(src, ip, dst, op, w, h, p); };
  return l;
}

template <int ROWS, int D>
inline Launch harris_stream_cpasync_launch(const DevImage& in, const DevImage& out, const HarrisParams& p) {
  Launch l;
  l.kernel = reinterpret_cast<const void*>(&harris_stream_cpasync<ROWS, D>);
  l.block = dim3(32 * kWarpsPerBlock);
  l.grid = dim3(blocks_for(in.width, 128 * kWarpsPerBlock), blocks_for(in.height, ROWS));
  const float* src = in.f();
  float* dst = out.f();
  const int ip = in.pitch_floats(), op = out.pitch_floats(), w = in.width, h = in.height;
  const dim3 grid = l.grid, block = l.block;
  l.enqueue = [=](cudaStream_t s) { harris_stream_cpasync<ROWS, D><<<grid, block, 0, s>>>(src, ip, dst, op, w, h, p); };
  return l;
}

}  // namespace cuda_hand
