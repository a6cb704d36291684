// Study 4, naive 2-D design: one output pixel per work-item, every one of its KxK source pixels
// fetched (through the ROI border mapping), K horizontal 1-D filters and one vertical.
__kernel void tiled_naive(FL_ROI_ARGS FL_COUNT_ARG) {
  FL_COUNT_DECL
  const int x = get_global_id(0), y = get_global_id(1);
  if (x < w && y < h) {  // padded NDRange; no barrier in this kernel
    float acc = 0.0f;
#pragma unroll
    for (int j = 0; j < KSIZE; ++j) {
      float hs = wx[0] * FL_ROI_LOAD(x - FL_R, y + j - FL_R);
#pragma unroll
      for (int i = 1; i < KSIZE; ++i) hs += wx[i] * FL_ROI_LOAD(x + i - FL_R, y + j - FL_R);
      acc = j == 0 ? wy[0] * hs : acc + wy[j] * hs;
    }
    FL_CNT(FL_C_OPS, (KSIZE + 1) * FL_FILTER_OPS);
    dst[(ty0 + y) * dst_pitch + tx0 + x] = acc;
    FL_CNT(FL_C_GWRITE, 1);
  }
  FL_COUNT_FLUSH(0)
}
