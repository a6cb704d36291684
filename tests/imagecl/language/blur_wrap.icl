// A 5x5 box sum on a torus (OpenCV's BORDER_WRAP): the pixels past one edge are those of the
// opposite edge.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, wrap)
__kernel void blur_wrap(Image<uchar> in, Image<float> out) {
  float sum = 0.0f;
  for (int j = -2; j <= 2; j++)
    for (int i = -2; i <= 2; i++) sum += in[idx + i][idy + j];
  out[idx][idy] = sum;
}
