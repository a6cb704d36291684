// Study 4, one-pass local-memory design (the paper's "1 pass"): 16x16 work-groups cooperatively
// copy their (16+K-1)^2 source patch (border-mapped) into local memory, then every work-item
// computes its pixel from local memory as the naive design does (K horizontal filters, one
// vertical). Needs -DFL_WG=16 (the work-group side).
#define FL_PATCH (FL_WG + 2 * FL_R)
__kernel __attribute__((reqd_work_group_size(FL_WG, FL_WG, 1))) void tiled_onepass_local(FL_ROI_ARGS FL_COUNT_ARG) {
  FL_COUNT_DECL
  __local float patch[FL_PATCH * FL_PATCH];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int ox = get_group_id(0) * FL_WG, oy = get_group_id(1) * FL_WG;
  for (int i = ly * FL_WG + lx; i < FL_PATCH * FL_PATCH; i += FL_WG * FL_WG) {
    patch[i] = FL_ROI_LOAD(ox - FL_R + i % FL_PATCH, oy - FL_R + i / FL_PATCH);
    FL_CNT(FL_C_LWRITE, 1);
  }
  barrier(CLK_LOCAL_MEM_FENCE);  // every work-item reaches it: padded items are guarded only below
  const int x = ox + lx, y = oy + ly;
  if (x < w && y < h) {
    float acc = 0.0f;
#pragma unroll
    for (int j = 0; j < KSIZE; ++j) {
      __local const float* row = patch + (ly + j) * FL_PATCH + lx;
      float hs = wx[0] * row[0];
#pragma unroll
      for (int i = 1; i < KSIZE; ++i) hs += wx[i] * row[i];
      acc = j == 0 ? wy[0] * hs : acc + wy[j] * hs;
    }
    FL_CNT(FL_C_LREAD, KSIZE * KSIZE);
    FL_CNT(FL_C_OPS, (KSIZE + 1) * FL_FILTER_OPS);
    dst[(ty0 + y) * dst_pitch + tx0 + x] = acc;
    FL_CNT(FL_C_GWRITE, 1);
  }
  FL_COUNT_FLUSH(0)
}
