// Not ImageCL: bound(k, 5) but the loop reads k[0..6].
#pragma imagecl grid(out)
#pragma imagecl bound(k, 5)
__kernel void taps(Image<float> in, Image<float> out, const float* k) {
  float s = 0.0f;
  for (int i = 0; i < 7; i++) s += k[i] * in[idx][idy];
  out[idx][idy] = s;
}
