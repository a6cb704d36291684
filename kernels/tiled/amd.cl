// Study 4, AMD's tiled separable convolution: 8x8 work-groups, each work-item producing a 4x4
// block, so a group covers a 32x32 tile of the target ROI. A work-item fetches its 4 rows of 4+K-1
// raw pixels, filters them horizontally, keeps in local memory the filtered rows its upper and
// lower neighbours need (for 3x3 the top and bottom row of its block), and finishes with the
// vertical pass; the work-items on the group's top and bottom edge also filter the K/2 rows above
// and below the tile. The group's class comes from the ROI geometry (uniform per group):
//   free on read:  the tile's (32+K-1)^2 source patch lies inside the source ROI: raw pixels come
//                  straight from global memory, no check at all;
//   otherwise:     the group first copies the patch into local memory cooperatively, with the
//                  ROI border mapping, and runs the same computation from local memory;
//   free on write: the tile lies inside the target ROI: the 4x4 block is stored unconditionally;
//   otherwise:     per-pixel checks. FL_WRITE_BROADCAST=1 uses the paper's scheme: a pixel outside
//                  the target ROI writes the group's top-left output pixel (always inside) to that
//                  pixel's place; FL_WRITE_BROADCAST=0 simply skips it.
#define FL_TILE 32
#define FL_PATCH (FL_TILE + 2 * FL_R)
#define FL_ROWW (4 + 2 * FL_R)  // raw pixels of one block row
#ifndef FL_WRITE_BROADCAST
#error "FL_WRITE_BROADCAST must be defined (0 or 1)"
#endif
// Rows of a block its neighbours need: the top FL_R rows (upper neighbour) and the bottom FL_R.
#define FL_SHARED_ROW(i) ((i) < FL_R || (i) >= 4 - FL_R)
// Raw pixel at tile coordinates (tx, ty), -R <= tx, ty < 32 + R: from global (free on read) ...
#define FL_RAW_GLOBAL(tx, ty) \
  (FL_CNT(FL_C_GREAD, 1), src[(sy0 + oy + (ty)) * src_pitch + sx0 + ox + (tx)])
// ... or from the local copy of the patch.
#define FL_RAW_LOCAL(tx, ty) (FL_CNT(FL_C_LREAD, 1), patch[((ty) + FL_R) * FL_PATCH + (tx) + FL_R])
// Horizontally filtered pixels bx..bx+3 of tile row ty into out[0..3].
#define FL_HROW(RAW, ty, out)                                            \
  {                                                                      \
    float raw_[FL_ROWW];                                                 \
    for (int k = 0; k < FL_ROWW; ++k) raw_[k] = RAW(bx - FL_R + k, (ty)); \
    for (int c = 0; c < 4; ++c) {                      \
      float a_ = wx[0] * raw_[c];                                        \
      for (int k = 1; k < KSIZE; ++k) a_ += wx[k] * raw_[c + k]; \
      (out)[c] = a_;                                                     \
    }                                                                    \
    FL_CNT(FL_C_OPS, 4 * FL_FILTER_OPS);                                 \
  }
// Every filtered row of the work-item (its block, plus the tile's halo rows on the group edges).
#define FL_HPASS(RAW)                                                    \
  {                                                                      \
    for (int i = 0; i < 4; ++i) FL_HROW(RAW, by + i, hv[i]); \
    if (ly == 0) {                                                       \
      for (int i = 0; i < FL_R; ++i) {                 \
        float t_[4];                                                     \
        FL_HROW(RAW, i - FL_R, t_);                                      \
        vstore4((float4)(t_[0], t_[1], t_[2], t_[3]), 0, hl + i * FL_TILE + bx); \
        FL_CNT(FL_C_LWRITE, 4);                                          \
      }                                                                  \
    }                                                                    \
    if (ly == 7) {                                                       \
      for (int i = 0; i < FL_R; ++i) {                 \
        float t_[4];                                                     \
        FL_HROW(RAW, FL_TILE + i, t_);                                   \
        vstore4((float4)(t_[0], t_[1], t_[2], t_[3]), 0, hl + (FL_TILE + FL_R + i) * FL_TILE + bx); \
        FL_CNT(FL_C_LWRITE, 4);                                          \
      }                                                                  \
    }                                                                    \
  }

__kernel __attribute__((reqd_work_group_size(8, 8, 1))) void tiled_amd(FL_ROI_ARGS FL_COUNT_ARG) {
  FL_COUNT_DECL
  __local float patch[FL_PATCH * FL_PATCH];         // raw patch (groups not free on read)
  __local float hl[(FL_TILE + 2 * FL_R) * FL_TILE];  // filtered rows shared between work-items
#if FL_WRITE_BROADCAST
  __local float tl_value[1];
#endif
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int ox = get_group_id(0) * FL_TILE, oy = get_group_id(1) * FL_TILE;  // tile origin, ROI coordinates
  const int bx = 4 * lx, by = 4 * ly;                                         // block origin in the tile
  const bool free_read = ox >= FL_R && oy >= FL_R && ox + FL_TILE + FL_R <= w && oy + FL_TILE + FL_R <= h;
  const bool free_write = ox + FL_TILE <= w && oy + FL_TILE <= h;
  if (lx == 0 && ly == 0) FL_CNT(FL_C_GROUPS, 1);

  if (!free_read) {  // uniform per group
    for (int i = ly * 8 + lx; i < FL_PATCH * FL_PATCH; i += 64) {
      patch[i] = FL_ROI_LOAD(ox - FL_R + i % FL_PATCH, oy - FL_R + i / FL_PATCH);
      FL_CNT(FL_C_LWRITE, 1);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  float hv[4][4];  // the block's horizontally filtered rows
  if (free_read) {
    FL_HPASS(FL_RAW_GLOBAL)
  } else {
    FL_HPASS(FL_RAW_LOCAL)
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
    if (FL_SHARED_ROW(i)) {  // a compile-time condition once unrolled
      vstore4((float4)(hv[i][0], hv[i][1], hv[i][2], hv[i][3]), 0, hl + (by + i + FL_R) * FL_TILE + bx);
      FL_CNT(FL_C_LWRITE, 4);
    }
  barrier(CLK_LOCAL_MEM_FENCE);

  // Vertical pass: rows by-R .. by+3+R; the block's own rows from registers, the others from
  // local memory (written by the neighbours, or the halo rows by the edge work-items).
  float out[4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
#pragma unroll
    for (int c = 0; c < 4; ++c) {
      float acc = 0.0f;
#pragma unroll
      for (int k = 0; k < KSIZE; ++k) {
        const int r = i + k - FL_R;  // row relative to the block, compile-time once unrolled
        float hvk;
        if (r >= 0 && r < 4) {
          hvk = hv[r][c];
        } else {
          hvk = hl[(by + r + FL_R) * FL_TILE + bx + c];
          FL_CNT(FL_C_LREAD, 1);
        }
        acc = k == 0 ? wy[0] * hvk : acc + wy[k] * hvk;
      }
      out[i][c] = acc;
    }
  }
  FL_CNT(FL_C_OPS, 16 * FL_FILTER_OPS);

  const int x0 = ox + bx, y0 = oy + by;  // the block's origin in the ROI
#if FL_WRITE_BROADCAST
  if (lx == 0 && ly == 0) tl_value[0] = out[0][0];  // the tile's top-left pixel: always inside
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  if (free_write) {
#pragma unroll
    for (int i = 0; i < 4; ++i)
      vstore4((float4)(out[i][0], out[i][1], out[i][2], out[i][3]), 0, dst + (ty0 + y0 + i) * dst_pitch + tx0 + x0);
    FL_CNT(FL_C_GWRITE, 16);
  } else {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
      for (int c = 0; c < 4; ++c) {
        const bool inside = x0 + c < w && y0 + i < h;
#if FL_WRITE_BROADCAST
        const int px = inside ? x0 + c : ox, py = inside ? y0 + i : oy;
        dst[(ty0 + py) * dst_pitch + tx0 + px] = inside ? out[i][c] : tl_value[0];
        FL_CNT(FL_C_GWRITE, 1);
#else
        if (inside) {
          dst[(ty0 + y0 + i) * dst_pitch + tx0 + x0 + c] = out[i][c];
          FL_CNT(FL_C_GWRITE, 1);
        }
#endif
      }
    }
  }
  FL_COUNT_FLUSH((free_read ? 1 : 0) + (free_write ? 2 : 0))
}
