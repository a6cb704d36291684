// The column pass of unsharp_pipeline.icl (mirrored at the edges), then an unsharp mask against
// the original pixel.
#pragma imagecl grid(out)
#pragma imagecl boundary(mid, reflect101)
__kernel void sharpen_cols(Image<float> mid, Image<uchar> orig, Image<uchar> out, float amount) {
  const float blur = (mid[idx][idy - 2] + 4.0f * mid[idx][idy - 1] + 6.0f * mid[idx][idy] + 4.0f * mid[idx][idy + 1] + mid[idx][idy + 2]) / 256.0f;
  const float o = orig[idx][idy];
  out[idx][idy] = convert_uchar_sat_rte(o + amount * (o - blur));
}
