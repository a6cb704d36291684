// Gamma correction of 8-bit pixels with rounding and saturation.
#pragma imagecl grid(out)
__kernel void gamma_u8(Image<uchar> in, Image<uchar> out, float g) {
  const float x = in[idx][idy] / 255.0f;
  out[idx][idy] = convert_uchar_sat_rte(255.0f * pow(x, g));
}
