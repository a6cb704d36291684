// The column pass of rgba_blur_pipeline.icl: a 1-2-1 binomial along y, scaled by 1/16 and rounded
// to uchar4 (to nearest even, saturating).
#pragma imagecl grid(out)
#pragma imagecl boundary(mid, reflect101)
__kernel void rgba_cols(Image<float4> mid, Image<uchar4> out) {
  out[idx][idy] = convert_uchar4_sat_rte((mid[idx][idy - 1] + 2.0f * mid[idx][idy] + mid[idx][idy + 1]) * 0.0625f);
}
