// Keeps pixels inside [lo, hi] at 255, everything else 0 (scalar parameters).
#pragma imagecl grid(out)
__kernel void threshold_band(Image<uchar> in, Image<uchar> out, int lo, int hi) {
  const int v = in[idx][idy];
  out[idx][idy] = v >= lo && v <= hi ? 255 : 0;
}
