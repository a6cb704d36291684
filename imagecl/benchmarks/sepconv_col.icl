// Separable convolution, column pass: out(x, y) = sum_j k[j] * in(x, y + j - 2), 0 outside the image.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, 0)
#pragma imagecl bound(k, 5)
__kernel void sepconv_col(Image<float> in, Image<float> out, const float* k) {
  float sum = 0.0f;
  for (int j = 0; j < 5; j++)
    sum += k[j] * in[idx][idy + j - 2];
  out[idx][idy] = sum;
}
