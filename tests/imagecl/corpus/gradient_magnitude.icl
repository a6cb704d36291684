// Sobel gradient magnitude sqrt(gx^2 + gy^2), mirrored borders.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, reflect101)
__kernel void gradient_magnitude(Image<float> in, Image<float> out) {
  const float gx = (in[idx + 1][idy - 1] + 2.0f * in[idx + 1][idy] + in[idx + 1][idy + 1]) -
                   (in[idx - 1][idy - 1] + 2.0f * in[idx - 1][idy] + in[idx - 1][idy + 1]);
  const float gy = (in[idx - 1][idy + 1] + 2.0f * in[idx][idy + 1] + in[idx + 1][idy + 1]) -
                   (in[idx - 1][idy - 1] + 2.0f * in[idx][idy - 1] + in[idx + 1][idy - 1]);
  out[idx][idy] = sqrt(gx * gx + gy * gy);
}
