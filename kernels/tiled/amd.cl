// Study 4, AMD's tiled separable convolution: 8x8 work-groups, each work-item producing a 4x4
// block, so a group covers a 32x32 tile of the target ROI. A work-item fetches its 4 rows of 4+K-1
// raw pixels, filters them horizontally, keeps in local memory the filtered rows its upper and
// lower neighbours need (for 3x3 the top and bottom row of its block), and finishes with the
// vertical pass. The tile's 2R halo rows (R = K/2 above and below) are filtered horizontally by
// the group's first 16R work-items, one 4-pixel block row each (the paper gives them to the edge
// work-items; spreading them keeps every warp's path short). The group's class comes from the ROI
// geometry (uniform per group):
//   free on read:  the tile's (32+K-1)^2 source patch lies inside the source ROI: raw pixels come
//                  straight from global memory, no check at all;
//   otherwise:     the group first copies the patch into local memory cooperatively, with the
//                  ROI border mapping, and runs the same computation from local memory;
//   free on write: the tile lies inside the target ROI: the 4x4 block is stored unconditionally;
//   otherwise:     per-pixel checks. FL_WRITE_BROADCAST=1 uses the paper's scheme: a pixel outside
//                  the target ROI writes the group's top-left output pixel (always inside) to that
//                  pixel's place; FL_WRITE_BROADCAST=0 simply skips it.
// The raw patch and the shared filtered rows live in the same local memory (the patch is dead once
// every block row is filtered): half the local memory per group, which on the H200 raised the
// tiled 5x5 from 55 % to 68 % of the copy bandwidth at 4096^2 (probably by leaving more of the SM to the L1 cache).
// Groups free on read never touch the patch, so they skip both of its barriers (the conditions are
// uniform per group, as barriers require): one barrier instead of three (68 % -> 74 %).
// When the source (or target) ROI's rows start on a 16-byte boundary (origin x and row pitch
// multiples of 4 floats), raw pixels are fetched (and blocks stored) as vectors: the same pixels,
// in 2-3 memory instructions per row instead of 4+K-1. Pixels read are counted, not instructions.
#define FL_TILE 32
#define FL_PATCH (FL_TILE + 2 * FL_R)
#define FL_ROWW (4 + 2 * FL_R)  // raw pixels of one block row
#ifndef FL_WRITE_BROADCAST
#error "FL_WRITE_BROADCAST must be defined (0 or 1)"
#endif
#if FL_R > 4
#error "the tiled kernel supports filters up to 9x9"
#endif

// Horizontal filter of one block row from its raw pixels r[0..FL_ROWW).
inline float4 fl_hfilter(const float* r, __constant float* wx) {
  float4 a = wx[0] * (float4)(r[0], r[1], r[2], r[3]);
#pragma unroll
  for (int k = 1; k < KSIZE; ++k) a += wx[k] * (float4)(r[k], r[k + 1], r[k + 2], r[k + 3]);
  return a;
}

// Raw pixels bx-R .. bx+3+R of tile row ty into r[], three ways.
// Scalar loads from global memory (free on read, any alignment).
#define FL_RAW_GLOBAL(ty, r)                                                    \
  {                                                                             \
    __global const float* p_ = src + (sy0 + oy + (ty)) * src_pitch + sx0 + ox + bx - FL_R; \
    for (int k = 0; k < FL_ROWW; ++k) r[k] = p_[k];                             \
    FL_CNT(FL_C_GREAD, FL_ROWW);                                                \
  }
// Vector loads (free on read, 16-byte aligned rows): the block's 4 pixels as a float4, the R on
// each side as the narrowest vectors that hold exactly them.
#define FL_RAW_VECTOR(ty, r)                                                    \
  {                                                                             \
    __global const float* p_ = src + (sy0 + oy + (ty)) * src_pitch + sx0 + ox + bx; \
    const float4 m_ = *(__global const float4*)p_;                              \
    r[FL_R] = m_.s0; r[FL_R + 1] = m_.s1; r[FL_R + 2] = m_.s2; r[FL_R + 3] = m_.s3; \
    FL_SIDES(p_, r)                                                             \
    FL_CNT(FL_C_GREAD, FL_ROWW);                                                \
  }
#if FL_R == 1
#define FL_SIDES(p, r) { r[0] = p[-1]; r[5] = p[4]; }
#elif FL_R == 2
#define FL_SIDES(p, r)                                                          \
  { const float2 l_ = *(__global const float2*)(p - 2), g_ = *(__global const float2*)(p + 4); \
    r[0] = l_.s0; r[1] = l_.s1; r[6] = g_.s0; r[7] = g_.s1; }
#elif FL_R == 3
#define FL_SIDES(p, r)                                                          \
  { const float2 l_ = *(__global const float2*)(p - 2), g_ = *(__global const float2*)(p + 4); \
    r[0] = p[-3]; r[1] = l_.s0; r[2] = l_.s1; r[7] = g_.s0; r[8] = g_.s1; r[9] = p[6]; }
#else
#define FL_SIDES(p, r)                                                          \
  { const float4 l_ = *(__global const float4*)(p - 4), g_ = *(__global const float4*)(p + 4); \
    r[0] = l_.s0; r[1] = l_.s1; r[2] = l_.s2; r[3] = l_.s3;                     \
    r[8] = g_.s0; r[9] = g_.s1; r[10] = g_.s2; r[11] = g_.s3; }
#endif
// From the local copy of the patch (groups not free on read).
#define FL_RAW_LOCAL(ty, r)                                                     \
  {                                                                             \
    __local const float* p_ = patch + ((ty) + FL_R) * FL_PATCH + bx;            \
    for (int k = 0; k < FL_ROWW; ++k) r[k] = p_[k];                             \
    FL_CNT(FL_C_LREAD, FL_ROWW);                                                \
  }
// Every filtered row of the work-item: its block's 4, and one halo block row for the first 16R.
#define FL_HPASS(RAW)                                                           \
  {                                                                             \
    for (int i = 0; i < 4; ++i) {                                               \
      float r_[FL_ROWW];                                                        \
      RAW(by + i, r_)                                                           \
      hv[i] = fl_hfilter(r_, wx);                                               \
    }                                                                           \
    if (halo < 2 * FL_R) {                                                      \
      float r_[FL_ROWW];                                                        \
      RAW(halo_ty, r_)                                                          \
      halo_v = fl_hfilter(r_, wx);                                              \
      FL_CNT(FL_C_LWRITE, 4);                                                   \
      FL_CNT(FL_C_OPS, 4 * FL_FILTER_OPS);                                      \
    }                                                                           \
    FL_CNT(FL_C_OPS, 16 * FL_FILTER_OPS);                                       \
  }

__kernel __attribute__((reqd_work_group_size(8, 8, 1))) void tiled_amd(FL_ROI_ARGS FL_COUNT_ARG) {
  FL_COUNT_DECL
#define FL_HL4 ((FL_TILE + 2 * FL_R) * 8)
#define FL_PATCH4 ((FL_PATCH * FL_PATCH + 3) / 4)
  __local float4 lmem[FL_HL4 > FL_PATCH4 ? FL_HL4 : FL_PATCH4];
  __local float* patch = (__local float*)lmem;  // raw patch (groups not free on read), then
  __local float4* hl = lmem;                    // filtered block rows shared between work-items
#if FL_WRITE_BROADCAST
  __local float tl_value[1];
#endif
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int ox = get_group_id(0) * FL_TILE, oy = get_group_id(1) * FL_TILE;  // tile origin, ROI coordinates
  const int bx = 4 * lx, by = 4 * ly;                                         // block origin in the tile
  const int halo = ly;  // halo row of this work-item's block row, if < 2R: R rows above the tile, R below
  const int halo_ty = halo < FL_R ? halo - FL_R : FL_TILE + halo - FL_R;
  const bool free_read = ox >= FL_R && oy >= FL_R && ox + FL_TILE + FL_R <= w && oy + FL_TILE + FL_R <= h;
  const bool free_write = ox + FL_TILE <= w && oy + FL_TILE <= h;
  const bool vector_read = ((sx0 | src_pitch) & 3) == 0;  // uniform over the launch
  const bool vector_write = ((tx0 | dst_pitch) & 3) == 0;
  if (lx == 0 && ly == 0) FL_CNT(FL_C_GROUPS, 1);

  if (!free_read) {  // uniform per group
    // Work-item (lx, ly) copies patch columns lx + 8i and rows ly + 8j: the border mapping is
    // computed once per column and per row, and every load is issued before any is used, so the
    // group waits for memory once, not once per pixel.
#define FL_PSTEPS ((FL_PATCH + 7) / 8)
    int col[FL_PSTEPS], row[FL_PSTEPS];
#pragma unroll
    for (int i = 0; i < FL_PSTEPS; ++i) {
      col[i] = fl_border_index(ox - FL_R + lx + 8 * i, w);
      row[i] = fl_border_index(oy - FL_R + ly + 8 * i, h);
    }
    float v[FL_PSTEPS][FL_PSTEPS];
#pragma unroll
    for (int j = 0; j < FL_PSTEPS; ++j)
#pragma unroll
      for (int i = 0; i < FL_PSTEPS; ++i) {
        const bool in_patch = lx + 8 * i < FL_PATCH && ly + 8 * j < FL_PATCH;
        const bool reads = in_patch && col[i] >= 0 && row[j] >= 0;
        v[j][i] = reads ? src[(sy0 + row[j]) * src_pitch + sx0 + col[i]] : bv;
        FL_CNT(FL_C_GREAD, reads);
      }
#pragma unroll
    for (int j = 0; j < FL_PSTEPS; ++j)
#pragma unroll
      for (int i = 0; i < FL_PSTEPS; ++i)
        if (lx + 8 * i < FL_PATCH && ly + 8 * j < FL_PATCH) {
          patch[(ly + 8 * j) * FL_PATCH + lx + 8 * i] = v[j][i];
          FL_CNT(FL_C_LWRITE, 1);
        }
    barrier(CLK_LOCAL_MEM_FENCE);  // a uniform condition: every work-item of the group is here
  }

  float4 hv[4], halo_v = (float4)(0.0f);  // the block's horizontally filtered rows
  if (free_read && vector_read) {
    FL_HPASS(FL_RAW_VECTOR)
  } else if (free_read) {
    FL_HPASS(FL_RAW_GLOBAL)
  } else {
    FL_HPASS(FL_RAW_LOCAL)
  }
  if (!free_read) barrier(CLK_LOCAL_MEM_FENCE);  // the patch is read: its memory becomes hl
  if (halo < 2 * FL_R) hl[(halo_ty + FL_R) * 8 + lx] = halo_v;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    if (i < FL_R || i >= 4 - FL_R) {  // rows a neighbour needs; a compile-time condition once unrolled
      hl[(by + i + FL_R) * 8 + lx] = hv[i];
      FL_CNT(FL_C_LWRITE, 4);
    }
  barrier(CLK_LOCAL_MEM_FENCE);

  // Vertical pass: rows by-R .. by+3+R; the block's own rows from registers, the others from
  // local memory (written by the neighbours, or the halo rows).
  float4 out[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    float4 acc = (float4)(0.0f);
#pragma unroll
    for (int k = 0; k < KSIZE; ++k) {
      const int r = i + k - FL_R;  // row relative to the block, compile-time once unrolled
      float4 hvk;
      if (r >= 0 && r < 4) {
        hvk = hv[r];
      } else {
        hvk = hl[(by + r + FL_R) * 8 + lx];
        FL_CNT(FL_C_LREAD, 4);
      }
      acc = k == 0 ? wy[0] * hvk : acc + wy[k] * hvk;
    }
    out[i] = acc;
  }
  FL_CNT(FL_C_OPS, 16 * FL_FILTER_OPS);

  const int x0 = ox + bx, y0 = oy + by;  // the block's origin in the ROI
#if FL_WRITE_BROADCAST
  if (lx == 0 && ly == 0) tl_value[0] = out[0].s0;  // the tile's top-left pixel: always inside
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  if (free_write) {
    __global float* q = dst + (ty0 + y0) * dst_pitch + tx0 + x0;
    if (vector_write) {
#pragma unroll
      for (int i = 0; i < 4; ++i) *(__global float4*)(q + i * dst_pitch) = out[i];
    } else {
#pragma unroll
      for (int i = 0; i < 4; ++i) vstore4(out[i], 0, q + i * dst_pitch);
    }
    FL_CNT(FL_C_GWRITE, 16);
  } else {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const float o[4] = {out[i].s0, out[i].s1, out[i].s2, out[i].s3};
#pragma unroll
      for (int c = 0; c < 4; ++c) {
        const bool inside = x0 + c < w && y0 + i < h;
#if FL_WRITE_BROADCAST
        const int px = inside ? x0 + c : ox, py = inside ? y0 + i : oy;
        dst[(ty0 + py) * dst_pitch + tx0 + px] = inside ? o[c] : tl_value[0];
        FL_CNT(FL_C_GWRITE, 1);
#else
        if (inside) {
          dst[(ty0 + y0 + i) * dst_pitch + tx0 + x0 + c] = o[c];
          FL_CNT(FL_C_GWRITE, 1);
        }
#endif
      }
    }
  }
  FL_COUNT_FLUSH((free_read ? 1 : 0) + (free_write ? 2 : 0))
}
