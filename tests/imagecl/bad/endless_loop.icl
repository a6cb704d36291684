// Not ImageCL: i <= INT_MAX holds for every int i (the loop would run until i overflows).
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void endless(Image<float> in, Image<float> out) {
  float s = 0.0f;
  for (int i = 0; i <= 0x7fffffff; i++) s += in[idx][idy];
  out[idx][idy] = s;
}
