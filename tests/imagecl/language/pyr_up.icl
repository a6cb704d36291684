// OpenCV's pyrUp (2x upsampling, 5-tap binomial weights), its borders included: the source is
// mirrored at its left and top edges (BORDER_REFLECT_101) and repeated past its right and bottom
// ones, which needs the source's size (in.width(), in.height()) in a kernel whose grid is the output.
#pragma imagecl grid(out)
__kernel void pyr_up(Image<uchar> in, Image<uchar> out) {
  const int w = in.width(), h = in.height();
  int sum = 0;
  for (int j = -1; j <= 1; j++) {
    const int wy = idy % 2 == 0 ? (j == 0 ? 6 : 1) : (j < 0 ? 0 : 4);
    int sy = idy / 2 + j;
    sy = sy < 0 ? -sy : sy >= h ? h - 1 : sy;
    for (int i = -1; i <= 1; i++) {
      const int wx = idx % 2 == 0 ? (i == 0 ? 6 : 1) : (i < 0 ? 0 : 4);
      int sx = idx / 2 + i;
      sx = sx < 0 ? -sx : sx >= w ? w - 1 : sx;
      sum += wx * wy * in[sx][sy];
    }
  }
  out[idx][idy] = convert_uchar_sat((sum + 32) >> 6);
}
