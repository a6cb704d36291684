// Unsharp masking: in + amount * (in - 3x3 mean), edge pixels repeated.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void unsharp(Image<float> in, Image<float> out, float amount) {
  float mean = 0.0f;
  for (int j = -1; j < 2; j++)
    for (int i = -1; i < 2; i++)
      mean += in[idx + i][idy + j];
  mean = mean / 9.0f;
  const float c = in[idx][idy];
  out[idx][idy] = c + amount * (c - mean);
}
