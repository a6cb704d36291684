// Scharr "single": one output pixel per work-item, the KSIZE x KSIZE filter in constant memory
// (all taps, zeros included, as the study's baseline), loops unrolled by the KSIZE define.
// Needs common/border.cl and common/storage.cl before it. Defines: KSIZE (odd), FL_BORDER, FL_IMAGES.
#ifndef KSIZE
#error "KSIZE must be defined"
#endif
#define RADIUS (KSIZE / 2)

// `offset` is the level's first pixel in the buffer; image storage ignores it.
kernel void scharr_single(FL_SRC, FL_DST, constant float* filt, const int width, const int height,
                          const float border_value, const int offset) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;  // padded NDRange; no barriers follow
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < KSIZE; ++j) {
    const int yy = fl_border_index(y + j - RADIUS, height);
#pragma unroll
    for (int i = 0; i < KSIZE; ++i) {
      const int xx = fl_border_index(x + i - RADIUS, width);
      sum += filt[j * KSIZE + i] * FL_PIXEL(xx, yy);
    }
  }
  FL_STORE(x, y, sum);
}
