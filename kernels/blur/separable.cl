// The blur family's separable form (blur.separable): two launches on one float buffer each. blur_rows
// writes the unnormalised row sums into a temporary buffer of the image's size; blur_cols sums
// them down the columns and scales by 4^-(K-1). Borders map per axis (common/border.cl), so for
// every mode but constant the two passes equal the 2-D filter; for the constant mode the host
// passes border_value * 2^(K-1) (a row sum of constants) to the column pass.
// Needs common/border.cl, common/storage.cl (FL_STORAGE=0, buffer) and blur/binomial.cl before it.

kernel void blur_rows(FL_SRC, global float* tmp, const int width, const int height, const float border_value) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;  // padded NDRange; no barriers follow
  float sum = 0.0f;
  for (int i = 0; i < FL_BLUR_K; ++i)
    sum += fl_binomial(i) * fl_pixel(src, x + i - FL_BLUR_R, y, width, height, border_value, 0);
  tmp[y * width + x] = sum;
}

// `src` is blur_rows' temporary buffer.
kernel void blur_cols(FL_SRC, FL_DST, const int width, const int height, const float border_value) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  const int offset = 0;  // FL_STORE's level offset: one image per buffer
  float sum = 0.0f;
  for (int j = 0; j < FL_BLUR_K; ++j)
    sum += fl_binomial(j) * fl_pixel(src, x, y + j - FL_BLUR_R, width, height, border_value, 0);
  FL_STORE(x, y, sum * FL_BLUR_SCALE);
}
