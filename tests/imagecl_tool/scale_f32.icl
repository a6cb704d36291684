// Test kernel of `filterlab imagecl`: float output, a square root and a division (the float
// tolerance), reflect101 boundary on a horizontal gradient.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, reflect101)
__kernel void scale_f32(Image<float> in, Image<float> out, float gain) {
  const float d = in[idx + 1][idy] - in[idx - 1][idy];
  out[idx][idy] = sqrt(d * d + 1.0f) * gain / 3.0f;
}
