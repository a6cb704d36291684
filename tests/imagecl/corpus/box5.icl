// 5x5 box blur, zero beyond the border.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, 0)
__kernel void box5(Image<float> in, Image<float> out) {
  float sum = 0.0f;
  for (int j = -2; j <= 2; j++)
    for (int i = -2; i <= 2; i++)
      sum += in[idx + i][idy + j];
  out[idx][idy] = sum / 25.0f;
}
