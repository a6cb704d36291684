// Halves an Image: each output pixel is the mean of a 2x2 block (the input is twice the size).
#pragma imagecl grid(out)
__kernel void downscale2(Image<float> in, Image<float> out) {
  const int x = 2 * idx, y = 2 * idy;
  out[idx][idy] = 0.25f * (in[x][y] + in[x + 1][y] + in[x][y + 1] + in[x + 1][y + 1]);
}
