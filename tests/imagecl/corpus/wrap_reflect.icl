// Sums along a cross of two images, one wrapping around (OpenCV's BORDER_WRAP: a torus) and one
// mirrored at its edges (BORDER_REFLECT, the edge pixel repeated), with reaches of 2 along each axis.
#pragma imagecl grid(out)
#pragma imagecl boundary(a, wrap)
#pragma imagecl boundary(b, reflect)
__kernel void wrap_reflect(Image<float> a, Image<float> b, Image<float> out) {
  float s = 0.0f;
  for (int j = -2; j <= 2; j++) s += a[idx][idy + j] - b[idx + j][idy];
  for (int i = -1; i <= 1; i++) s += 2.0f * a[idx + i][idy] + b[idx][idy + i];
  out[idx][idy] = s;
}
