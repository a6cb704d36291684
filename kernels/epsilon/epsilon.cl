// Study 5: the 9x9 epsilon filter (reference/epsilon.hpp defines it), every step of Qualcomm's
// Adreno article from one source through defines:
//   FL_EPS_FLOAT   1: the naive step: CL_R / CL_UNORM_INT8 image, float arithmetic, one output
//                  per work-item, neighbours chosen by a branch.
//                  0: the integer steps: four Y pixels packed in one CL_RGBA / CL_UNSIGNED_INT8
//                  texel, read as convert_short4(read_imageui(...)), 16-bit arithmetic.
//   FL_EPS_N       outputs per work-item (1, 4, 8, 16), adjacent in a row.
//   FL_EPS_LOCAL   1: the work-group's texels are first copied to local memory (steps 4a, 4b).
//   FL_EPS_BRANCHFREE 1: neighbours counted with a 0/1 mask and multiplications (steps 5a, 5b);
//                  0: the article's pre-step-5 form, cond ? p : 0.
//   FL_WG_W, FL_WG_H  the work-group (the local-memory tile's size).
// No device we use has half precision, so the article's half4 becomes short4 (16-bit integers):
// 81 * 255 = 20655 fits a short.
//
// Border: BORDER_REPLICATE. Rows are clamped by the sampler (CLAMP_TO_EDGE on unnormalized
// integer coordinates is an exact clamp). The naive step's columns are clamped the same way. A
// packed texel holds 4 pixels, so the sampler could only clamp to a whole texel: the host packs
// one margin texel on the left and pads the right side up to whole groups of 16 pixels plus one
// texel, all with the edge pixel's value (filters/epsilon_runner.cpp), so that packed pixel q is
// image pixel clamp(q - 4, 0, width - 1).
//
// Global sizes are padded to a multiple of the work-group: every store is guarded, and no
// work-item returns before the local-memory barrier.

#define EPS_R 4

__constant sampler_t kEpsSampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

#if FL_EPS_FLOAT

// thr = (T + 0.5) / 255: |c - p| is (an integer + float error) / 255, so the comparison is exact.
__kernel void epsilon(__read_only image2d_t src, __global uchar* dst, int width, int height, float thr) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;  // no barrier in this kernel
  const float c = read_imagef(src, kEpsSampler, (int2)(x, y)).x;
  float sum = 0.0f;
  float cnt = 0.0f;
  for (int dy = -EPS_R; dy <= EPS_R; ++dy) {
    for (int dx = -EPS_R; dx <= EPS_R; ++dx) {
      const float p = read_imagef(src, kEpsSampler, (int2)(x + dx, y + dy)).x;
      if (fabs(c - p) <= thr) {
        sum += p;
        cnt += 1.0f;
      }
    }
  }
  dst[y * width + x] = convert_uchar_sat_rte(sum / cnt * 255.0f);
}

#else  // the integer steps

#if FL_EPS_N == 1
#define EPS_TEXELS 3  // the 9 pixels x-4..x+4 lie in at most 3 texels
#else
#define EPS_TEXELS (FL_EPS_N / 4 + 2)  // one texel of halo on each side
#endif
#define EPS_ROW (4 * EPS_TEXELS)

// Accumulates one 4-pixel group: centres c, neighbours p.
#if FL_EPS_BRANCHFREE
#define EPS_ACC4(sum, cnt, c, p, t)                         \
  do {                                                      \
    const short4 m_ = -convert_short4(abs_diff(c, p) <= t); \
    sum += m_ * p;                                          \
    cnt += m_;                                              \
  } while (0)
#else
#define EPS_ACC4(sum, cnt, c, p, t)          \
  do {                                       \
    const short4 cond_ = abs_diff(c, p) <= t; \
    sum += cond_ ? p : (short4)(0);          \
    cnt += cond_ ? (short4)(1) : (short4)(0); \
  } while (0)
#endif

// Texel t of packed row y (rows clamped by the sampler).
#define EPS_TEXEL(t, y) convert_short4(read_imageui(src, kEpsSampler, (int2)((t), (y))))

#if FL_EPS_LOCAL
// Tile: (FL_WG_H + 8) rows of (FL_WG_W + 2) texels: the work-group's texels and their halo.
#define TILE_W (FL_WG_W + 2)
#define TILE_H (FL_WG_H + 8)
#endif

__kernel __attribute__((reqd_work_group_size(FL_WG_W, FL_WG_H, 1)))
void epsilon(__read_only image2d_t src, __global uchar* dst, int width, int height, int thr) {
  const int gx = get_global_id(0);
  const int y = get_global_id(1);
  const int x0 = gx * FL_EPS_N;  // first output pixel
  const int t0 = x0 >> 2;        // first texel: holds pixels 4 * t0 - 4 .. 4 * t0 - 1
  const int off = x0 & 3;        // row[off + i + k] is pixel x0 + i + k - 4
  const ushort4 t = (ushort4)((ushort)thr);

#if FL_EPS_LOCAL
  __local short4 tile[TILE_H][TILE_W];
  const int lx = get_local_id(0);
  const int ly = get_local_id(1);
  const int tx0 = get_group_id(0) * FL_WG_W;  // first texel of the work-group (t0 of lx = 0)
  const int ty0 = get_group_id(1) * FL_WG_H - EPS_R;
  for (int i = ly * FL_WG_W + lx; i < TILE_W * TILE_H; i += FL_WG_W * FL_WG_H)
    tile[i / TILE_W][i % TILE_W] = EPS_TEXEL(tx0 + i % TILE_W, ty0 + i / TILE_W);
  barrier(CLK_LOCAL_MEM_FENCE);
#endif

  short row[EPS_ROW];
#if FL_EPS_N == 1
  short sum = 0, cnt = 0;
  short c;
#else
  short4 sum[FL_EPS_N / 4], cnt[FL_EPS_N / 4], c[FL_EPS_N / 4];
  for (int g = 0; g < FL_EPS_N / 4; ++g) sum[g] = cnt[g] = (short4)(0);
#endif

  // The centre row first (for the centres), then the 9 rows.
  for (int j = -1; j < 2 * EPS_R + 1; ++j) {
    const int dy = j < 0 ? EPS_R : j;
#pragma unroll
    for (int tt = 0; tt < EPS_TEXELS; ++tt) {
#if FL_EPS_LOCAL
      vstore4(tile[ly + dy][lx + tt], tt, row);
#else
      vstore4(EPS_TEXEL(t0 + tt, y - EPS_R + dy), tt, row);
#endif
    }
#if FL_EPS_N == 1
    if (j < 0) {
      c = row[off + EPS_R];
      continue;
    }
    for (int k = 0; k < 2 * EPS_R + 1; ++k) {
      const short p = row[off + k];
      if (abs_diff(c, p) <= (ushort)thr) {
        sum += p;
        cnt += 1;
      }
    }
#else
    if (j < 0) {
#pragma unroll
      for (int g = 0; g < FL_EPS_N / 4; ++g) c[g] = vload4(0, row + 4 * g + EPS_R);
      continue;
    }
#pragma unroll
    for (int g = 0; g < FL_EPS_N / 4; ++g) {
#pragma unroll
      for (int k = 0; k < 2 * EPS_R + 1; ++k) {
        const short4 p = vload4(0, row + 4 * g + k);
        EPS_ACC4(sum[g], cnt[g], c[g], p, t);
      }
    }
#endif
  }

  if (y >= height) return;  // after the barrier: stores only
#if FL_EPS_N == 1
  if (x0 < width) dst[y * width + x0] = (uchar)((sum + cnt / 2) / cnt);
#else
#pragma unroll
  for (int g = 0; g < FL_EPS_N / 4; ++g) {
    const int4 s = convert_int4(sum[g]);
    const int4 n = convert_int4(cnt[g]);
    const uchar4 out = convert_uchar4((s + n / 2) / n);
    const int x = x0 + 4 * g;
    if (x + 4 <= width) {
      // rows of any width: a byte-addressed store of 4 (vstore4 needs only uchar alignment)
      vstore4(out, 0, dst + y * width + x);
    } else {
      if (x + 0 < width) dst[y * width + x + 0] = out.s0;
      if (x + 1 < width) dst[y * width + x + 1] = out.s1;
      if (x + 2 < width) dst[y * width + x + 2] = out.s2;
    }
  }
#endif
}

#endif
