// Test kernel of `filterlab imagecl`: 3x3 box blur of 8-bit pixels, clamped boundary, the mean
// rounded to nearest even (integer output: the check is exact).
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void box3_u8(Image<uchar> in, Image<uchar> out) {
  int sum = 0;
  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      sum += in[idx + i][idy + j];
  out[idx][idy] = convert_uchar_sat_rte(sum / 9.0f);
}
