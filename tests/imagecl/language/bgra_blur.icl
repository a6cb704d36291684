// A 1-2-1 horizontal blur of an RGBA image on uchar4 pixels, written as BGRA: vector conversions
// (saturating, round to nearest even), scalar-vector arithmetic, a swizzle and OpenCV's
// reflect101 border on a vector Image.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, reflect101)
__kernel void bgra_blur(Image<uchar4> in, Image<uchar4> out) {
  const float4 s = convert_float4(in[idx - 1][idy]) + 2.0f * convert_float4(in[idx][idy]) + convert_float4(in[idx + 1][idy]);
  out[idx][idy] = convert_uchar4_sat_rte(s * 0.25f).zyxw;
}
