// ImageCL: a loop of 10^8 iterations whose variable indexes an Image; the analysis bounds it
// arithmetically (it used to enumerate every value: 27 s and 1.6 GB).
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void long_loop(Image<float> in, Image<float> out) {
  float s = 0.0f;
  for (int i = 0; i < 100000000; i++) s += in[idx + i % 3][idy];
  for (int j = 0; j < 100000000; j++) s += in[idx][idy + j];
  out[idx][idy] = s;
}
