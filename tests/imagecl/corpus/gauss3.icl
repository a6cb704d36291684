// 3x3 binomial blur with a file-scope constant table, edge pixels repeated.
__constant int taps[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void gauss3(Image<uchar> in, Image<uchar> out) {
  int acc = 0;
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++)
      acc += taps[j][i] * in[idx + i - 1][idy + j - 1];
  out[idx][idy] = (uchar)((acc + 8) / 16);
}
