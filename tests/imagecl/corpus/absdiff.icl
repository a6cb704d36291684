// Absolute difference of two 8-bit Images of one size.
#pragma imagecl grid(a, b, out)
__kernel void absdiff(Image<uchar> a, Image<uchar> b, Image<uchar> out) {
  out[idx][idy] = (uchar)abs((int)a[idx][idy] - (int)b[idx][idy]);
}
