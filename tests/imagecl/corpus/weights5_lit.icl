// 5x5 correlation with weights bound at compile time (#pragma imagecl weights): a sharpening
// cross with zero corners, so literal_k drops 8 of the 25 taps; the host must pass these values.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
#pragma imagecl weights(k, 0, 0, -1, 0, 0, 0, -1, -2, -1, 0, -1, -2, 20, -2, -1, 0, -1, -2, -1, 0, 0, 0, -1, 0, 0)
__kernel void weights5_lit(Image<uchar> in, Image<uchar> out, const float* k) {
  float sum = 0.0f;
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < 5; i++)
      sum += k[j * 5 + i] * in[idx + i - 2][idy + j - 2];
  out[idx][idy] = convert_uchar_sat_rte(sum * 0.25f);
}
