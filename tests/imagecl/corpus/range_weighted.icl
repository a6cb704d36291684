// Edge-preserving 3x3 smoothing: neighbours weighted by exp(-(difference / sigma)^2).
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void range_weighted(Image<float> in, Image<float> out, float sigma) {
  const float c = in[idx][idy];
  float num = 0.0f, den = 0.0f;
  for (int j = -1; j <= 1; j++) {
    for (int i = -1; i <= 1; i++) {
      const float v = in[idx + i][idy + j];
      const float d = (v - c) / sigma;
      const float wgt = exp(-d * d);
      num += wgt * v;
      den += wgt;
    }
  }
  out[idx][idy] = num / den;
}
