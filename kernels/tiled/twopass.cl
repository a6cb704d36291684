// Study 4, two-pass separable design with the transposed intermediate the paper describes: each
// pass filters along rows and writes its result transposed (through a 16x16 local tile, so that
// both the reads and the writes are row-wise). Pass 1 reads the source ROI (w x h) and writes the
// intermediate (h x w, pitch h); pass 2 filters the intermediate's rows (the image's columns) and
// writes them transposed back into the target ROI. Needs -DFL_WG=16.
__kernel __attribute__((reqd_work_group_size(FL_WG, FL_WG, 1))) void tiled_pass(
    __global const float* src, int src_pitch, int sx0, int sy0, __global float* dst, int dst_pitch, int tx0, int ty0,
    int w, int h, __constant float* wt, float bv FL_COUNT_ARG) {
  FL_COUNT_DECL
  __local float tile[FL_WG][FL_WG + 1];  // +1: no bank conflicts on the transposed read
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int x = get_global_id(0), y = get_global_id(1);
  float v = 0.0f;
  if (x < w && y < h) {
    v = wt[0] * FL_ROI_LOAD(x - FL_R, y);
#pragma unroll
    for (int i = 1; i < KSIZE; ++i) v += wt[i] * FL_ROI_LOAD(x + i - FL_R, y);
    FL_CNT(FL_C_OPS, FL_FILTER_OPS);
  }
  tile[ly][lx] = v;
  FL_CNT(FL_C_LWRITE, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  // Work-item (lx, ly) writes input pixel (gx*WG + ly, gy*WG + lx) to output row gx*WG + ly.
  const int xi = get_group_id(0) * FL_WG + ly, yi = get_group_id(1) * FL_WG + lx;
  if (xi < w && yi < h) {
    dst[(ty0 + xi) * dst_pitch + tx0 + yi] = tile[lx][ly];
    FL_CNT(FL_C_LREAD, 1);
    FL_CNT(FL_C_GWRITE, 1);
  }
  FL_COUNT_FLUSH(0)
}
