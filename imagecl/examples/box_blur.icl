// The ImageCL paper's first example: a 3x3 box blur. One logical thread per pixel of `out`;
// reads outside `in` see 0.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, 0)
__kernel void blur(Image<float> in, Image<float> out) {
  float sum = 0.0f;
  for (int i = -1; i < 2; i++)
    for (int j = -1; j < 2; j++)
      sum += in[idx + i][idy + j];
  out[idx][idy] = sum / 9.0f;
}
