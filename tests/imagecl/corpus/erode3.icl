// Morphological erosion: minimum over a 3x3 square, edge pixels repeated.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void erode3(Image<uchar> in, Image<uchar> out) {
  int m = 255;
  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      m = min(m, (int)in[idx + i][idy + j]);
  out[idx][idy] = (uchar)m;
}
