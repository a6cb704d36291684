// Separable convolution, row pass: out(x, y) = sum_i k[i] * in(x + i - 2, y), 0 outside the image.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, 0)
#pragma imagecl bound(k, 5)
__kernel void sepconv_row(Image<float> in, Image<float> out, const float* k) {
  float sum = 0.0f;
  for (int i = 0; i < 5; i++)
    sum += k[i] * in[idx + i - 2][idy];
  out[idx][idy] = sum;
}
