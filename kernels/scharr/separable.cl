// Scharr "separation": one 1-D pass of a separable filter, horizontal (FL_PASS_VERTICAL=0) or
// vertical (1), KSIZE taps from constant memory. A 2-D filter is the horizontal pass into a
// temporary level followed by the vertical pass out of it. For the constant border the host passes
// border_value times the sum of the first pass's taps to the second pass: what a constant-bordered
// first pass would have produced outside the image.
// Needs common/border.cl and common/storage.cl before it.
#ifndef KSIZE
#error "KSIZE must be defined"
#endif
#define RADIUS (KSIZE / 2)

// Arguments as in gradient.cl: a per-level launch (images) reads the level's shape from
// `level_*`, a grouped launch from `levels`.
kernel void scharr_pass(FL_SRC, FL_DST, constant float* vec, const int level_width, const int level_height,
                        const float border_value, const int level_offset, constant int* levels, const int nlevels) {
#if FL_GROUPED
  FL_GROUPED_LEVEL(levels);
#else
  const int offset = level_offset, width = level_width, height = level_height;
#endif
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;  // padded NDRange; no barriers follow
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < KSIZE; ++i) {
#if FL_PASS_VERTICAL
    sum += vec[i] * fl_pixel(src, x, y + i - RADIUS, width, height, border_value, offset);
#else
    sum += vec[i] * fl_pixel(src, x + i - RADIUS, y, width, height, border_value, offset);
#endif
  }
  FL_STORE(x, y, sum);
}
