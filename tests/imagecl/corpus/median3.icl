// 3x3 median of 8-bit pixels: the middle of nine values by partial selection sorting.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void median3(Image<uchar> in, Image<uchar> out) {
  int v[9];
  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      v[(j + 1) * 3 + i + 1] = in[idx + i][idy + j];
  for (int a = 0; a <= 4; a++) {
    int best = a;
    for (int b = a + 1; b < 9; b++)
      if (v[b] < v[best]) best = b;
    const int t = v[a];
    v[a] = v[best];
    v[best] = t;
  }
  out[idx][idy] = (uchar)v[4];
}
