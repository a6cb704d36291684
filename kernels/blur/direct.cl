// The blur family's direct form (blur.2d): one launch, K x K taps with the integer weights
// C(K-1, i) C(K-1, j), the sum scaled by 4^-(K-1).
// Needs common/border.cl, common/storage.cl (FL_STORAGE=0, buffer) and blur/binomial.cl before it.

kernel void blur_2d(FL_SRC, FL_DST, const int width, const int height, const float border_value) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;  // padded NDRange; no barriers follow
  const int offset = 0;                   // FL_STORE's level offset: one image per buffer
  float sum = 0.0f;
  for (int j = 0; j < FL_BLUR_K; ++j) {
    const float wy = fl_binomial(j);
    for (int i = 0; i < FL_BLUR_K; ++i)
      sum +=
          (wy * fl_binomial(i)) * fl_pixel(src, x + i - FL_BLUR_R, y + j - FL_BLUR_R, width, height, border_value, 0);
  }
  FL_STORE(x, y, sum * FL_BLUR_SCALE);
}
