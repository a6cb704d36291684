// Scharr gradient filters of the gradient-filter study, one kernel for every non-separable case,
// selected by defines (each 0 or 1):
//   FL_DOUBLE      d/dx and d/dy in one launch, into dst and dst2 ("double")
//   FL_LOCAL       the work-group's tile plus its halo cached in local memory first ("local"),
//                  copied with FL_COPY_REMAP=0 (two nested loops, zigzag over the tile) or 1 (the
//                  work-item's 1-D index remapped onto the tile); FL_WG_W x FL_WG_H is the
//                  work-group size the tile is sized for
//   FL_PREDEFINED  coefficients compiled in, only non-zero taps loaded ("predefined"): uses the
//                  FL_PREDEFINED_* macros that C++ generates (filters/predefined_source.cpp);
//                  FL_AXIS (0: d/dx, 1: d/dy) picks the filter when FL_DOUBLE is 0
//   FL_ROWS        pixels per work-item, stacked vertically (default 1); above 1 only with
//                  FL_DOUBLE and FL_PREDEFINED and without FL_LOCAL, through the generated
//                  FL_PREDEFINED_XY_ROWS, which loads every position once for all rows
//   FL_PYRAMID     one launch for every level (needs FL_ROWS > 1): work-group t takes tile t of
//                  all levels' tiles, finding its level in `levels` (offset, width, height, first
//                  tile; nlevels entries), so the small levels' work overlaps the large ones'
//                  instead of paying a launch each
// Otherwise the KSIZE x KSIZE filters come from constant memory, every tap read (the study's
// baseline, loops unrolled). Needs common/border.cl and common/storage.cl before it.
// Arguments are the same for every case; unused ones (dst2, filt2, filt) are ignored.
#ifndef KSIZE
#error "KSIZE must be defined"
#endif
#define RADIUS (KSIZE / 2)
#ifndef FL_ROWS
#define FL_ROWS 1
#endif
#ifndef FL_PYRAMID
#define FL_PYRAMID 0
#endif
#if FL_ROWS > 1 && (!FL_DOUBLE || !FL_PREDEFINED || FL_LOCAL)
#error "FL_ROWS > 1 needs FL_DOUBLE=1, FL_PREDEFINED=1 and FL_LOCAL=0"
#endif
#if FL_PYRAMID && (FL_ROWS == 1 || FL_STORAGE != FL_STORAGE_BUFFER)
#error "FL_PYRAMID needs FL_ROWS > 1 and buffer storage"
#endif

#if FL_LOCAL
#define TILE_W (FL_WG_W + 2 * RADIUS)
#define TILE_H (FL_WG_H + 2 * RADIUS)
// The tap at offset (dx, dy) from this work-item's pixel, read from the tile.
#define FL_AT(dx, dy) tile[(ly + RADIUS + (dy)) * TILE_W + (lx + RADIUS + (dx))]
#define FL_ATTRIBUTES __attribute__((reqd_work_group_size(FL_WG_W, FL_WG_H, 1)))
#else
#define FL_AT(dx, dy) fl_pixel(src, x + (dx), y + (dy), width, height, border_value, offset)
#define FL_ATTRIBUTES
#endif

#if FL_ROWS > 1
// Both derivatives of the FL_ROWS pixels from (x, y) down; nothing outside the level.
inline void fl_gradient_rows(FL_SRC, FL_DST, FL_DST2, const int x, const int y, const int width, const int height,
                             const float border_value, const int offset) {
  if (x >= width || y >= height) return;  // the padded part of the NDRange; no barriers here
  float sx[FL_ROWS], sy[FL_ROWS];
#pragma unroll
  for (int r = 0; r < FL_ROWS; ++r) sx[r] = sy[r] = 0.0f;
  FL_PREDEFINED_XY_ROWS(FL_AT, sx, sy);
#pragma unroll
  for (int r = 0; r < FL_ROWS; ++r) {
    if (y + r < height) {
      FL_STORE(x, y + r, sx[r]);
      FL_STORE_TO(dst2, x, y + r, sy[r]);
    }
  }
}
#endif

// `level_width`, `level_height` and `level_offset` describe the level of a per-level launch
// (images); grouped launches (common/storage.cl) and FL_PYRAMID take every level's shape from
// `levels` (offset, width, height, first tile; `nlevels` entries) instead.
kernel FL_ATTRIBUTES void scharr_gradient(FL_SRC, FL_DST, FL_DST2, constant float* filt, constant float* filt2,
                                          const int level_width, const int level_height, const float border_value,
                                          const int level_offset, constant int* levels, const int nlevels) {
#if FL_PYRAMID
  const int t = get_group_id(0);
  int lvl = 0;
  for (int i = 1; i < nlevels; ++i) lvl = t >= levels[4 * i + 3] ? i : lvl;
  const int width = levels[4 * lvl + 1];
  const int tile = t - levels[4 * lvl + 3];
  const int tiles_x = (width + FL_WG_W - 1) / FL_WG_W;
  const int x = (tile % tiles_x) * FL_WG_W + get_local_id(0);
  const int y = ((tile / tiles_x) * FL_WG_H + get_local_id(1)) * FL_ROWS;
  fl_gradient_rows(src, dst, dst2, x, y, width, levels[4 * lvl + 2], border_value, levels[4 * lvl]);
#else
#if FL_GROUPED
  FL_GROUPED_LEVEL(levels);  // width, height, offset of this work-item's level
#else
  const int offset = level_offset, width = level_width, height = level_height;
#endif
  const int x = get_global_id(0);
  const int y = get_global_id(1) * FL_ROWS;  // the first of this work-item's rows
#if FL_ROWS > 1
  fl_gradient_rows(src, dst, dst2, x, y, width, height, border_value, offset);
#else
#if FL_LOCAL
  local float tile[TILE_W * TILE_H];
  const int lx = get_local_id(0);
  const int ly = get_local_id(1);
  const int x0 = x - lx - RADIUS;  // image coordinates of the tile's top-left pixel
  const int y0 = y - ly - RADIUS;
  // Every work-item helps copy, padding ones included: none may leave before the barrier.
#if FL_COPY_REMAP
  for (int i = ly * FL_WG_W + lx; i < TILE_W * TILE_H; i += FL_WG_W * FL_WG_H) {
    const int tx = i % TILE_W;
    const int ty = i / TILE_W;
    tile[i] = fl_pixel(src, x0 + tx, y0 + ty, width, height, border_value, offset);
  }
#else
  for (int ty = ly; ty < TILE_H; ty += FL_WG_H)
    for (int tx = lx; tx < TILE_W; tx += FL_WG_W)
      tile[ty * TILE_W + tx] = fl_pixel(src, x0 + tx, y0 + ty, width, height, border_value, offset);
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  if (x >= width || y >= height) return;  // the padded part of the NDRange; no barrier follows

  float sum = 0.0f;
  float sum2 = 0.0f;
#if FL_PREDEFINED
#if FL_DOUBLE
  FL_PREDEFINED_XY(FL_AT, sum, sum2);
#elif FL_AXIS == 0
  FL_PREDEFINED_X(FL_AT, sum);
#else
  FL_PREDEFINED_Y(FL_AT, sum);
#endif
#else
#pragma unroll
  for (int j = 0; j < KSIZE; ++j) {
#pragma unroll
    for (int i = 0; i < KSIZE; ++i) {
      const float p = FL_AT(i - RADIUS, j - RADIUS);
      sum += filt[j * KSIZE + i] * p;
#if FL_DOUBLE
      sum2 += filt2[j * KSIZE + i] * p;
#endif
    }
  }
#endif
  FL_STORE(x, y, sum);
#if FL_DOUBLE
  FL_STORE_TO(dst2, x, y, sum2);
#endif
#endif  // FL_ROWS
#endif  // FL_PYRAMID
}
