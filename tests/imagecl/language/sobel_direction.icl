// The direction of the Sobel gradient in degrees (0 to 360), through two helper functions.
#pragma imagecl grid(angle, mag)
#pragma imagecl boundary(in, reflect101)
float magnitude(float gx, float gy) { return sqrt(gx * gx + gy * gy); }
float direction(float gx, float gy) {
  const float d = degrees(atan2(gy, gx));
  return d < 0.0f ? d + 360.0f : d;
}
__kernel void sobel_direction(Image<uchar> in, Image<float> angle, Image<float> mag) {
  const float gx = (in[idx + 1][idy - 1] + 2 * in[idx + 1][idy] + in[idx + 1][idy + 1]) -
                   (in[idx - 1][idy - 1] + 2 * in[idx - 1][idy] + in[idx - 1][idy + 1]);
  const float gy = (in[idx - 1][idy + 1] + 2 * in[idx][idy + 1] + in[idx + 1][idy + 1]) -
                   (in[idx - 1][idy - 1] + 2 * in[idx][idy - 1] + in[idx + 1][idy - 1]);
  angle[idx][idy] = direction(gx, gy);
  mag[idx][idy] = magnitude(gx, gy);
}
