// The benchmarks' 8-bit 5x5 convolution (reference conv2d_u8_weights5: integers over 64) with its
// weights bound at compile time: integer_k sums the integers in int32 and scales once by 2^-6.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
#pragma imagecl weights(k, 0, -0.015625, -0.03125, -0.015625, 0, -0.015625, 0.03125, 0.0625, 0.03125, -0.015625, -0.03125, 0.0625, 0.875, 0.0625, -0.03125, -0.015625, 0.03125, 0.0625, 0.03125, -0.015625, 0, -0.015625, -0.03125, -0.015625, 0)
__kernel void conv5_u8_q6(Image<uchar> in, Image<uchar> out, const float* k) {
  float sum = 0.0f;
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < 5; i++)
      sum += k[j * 5 + i] * in[idx + i - 2][idy + j - 2];
  out[idx][idy] = convert_uchar_sat_rte(sum);
}
