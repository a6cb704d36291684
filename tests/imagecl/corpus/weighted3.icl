// 3x3 correlation with run-time integer weights passed as a 2-D array, then a right shift.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, reflect101)
__kernel void weighted3(Image<uchar> in, Image<int> out, const int w[3][3], int shift) {
  int acc = 0;
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++)
      acc += w[j][i] * (int)in[idx + i - 1][idy + j - 1];
  out[idx][idy] = acc >> shift;
}
