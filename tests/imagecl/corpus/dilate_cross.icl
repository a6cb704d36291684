// Morphological dilation with a plus-shaped element of radius 2, zero beyond the border.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, 0)
__kernel void dilate_cross(Image<uchar> in, Image<uchar> out) {
  int m = in[idx][idy];
  for (int k = 1; k <= 2; k++) {
    m = max(m, (int)in[idx - k][idy]);
    m = max(m, (int)in[idx + k][idy]);
    m = max(m, (int)in[idx][idy - k]);
    m = max(m, (int)in[idx][idy + k]);
  }
  out[idx][idy] = (uchar)m;
}
