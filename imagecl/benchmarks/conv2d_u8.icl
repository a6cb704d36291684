// Non-separable 5x5 convolution of 8-bit pixels with weights known only at run time; clamped
// boundary; the result rounded to nearest even and saturated to 0..255.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
#pragma imagecl bound(k, 25)
__kernel void conv2d_u8(Image<uchar> in, Image<uchar> out, const float* k) {
  float sum = 0.0f;
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < 5; i++)
      sum += k[j * 5 + i] * in[idx + i - 2][idy + j - 2];
  out[idx][idy] = convert_uchar_sat_rte(sum);
}
