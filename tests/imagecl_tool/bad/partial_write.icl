// Writes only the first 10 columns of its output: the right half would hold whatever the device's buffer held.
#pragma imagecl grid(in)
__kernel void left_half(Image<uchar> in, Image<uchar> out) {
  if (idx < 10) out[idx][idy] = in[idx][idy];
}
