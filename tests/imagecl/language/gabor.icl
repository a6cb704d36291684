// A 5x5 Gabor filter (OpenCV's getGaborKernel with psi = 0, gamma = 1): its weights come from
// cos, sin and exp at run time, from the orientation, the envelope's sigma and the wavelength.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, reflect101)
__kernel void gabor(Image<uchar> in, Image<float> out, float theta, float sigma, float lambda) {
  const float ct = cos(theta), st = sin(theta);
  float sum = 0.0f;
  for (int j = -2; j <= 2; j++)
    for (int i = -2; i <= 2; i++) {
      const float xr = i * ct + j * st, yr = -i * st + j * ct;
      const float w = exp(-(xr * xr + yr * yr) / (2.0f * sigma * sigma)) * cos(2.0f * M_PI_F * xr / lambda);
      sum += w * in[idx + i][idy + j];
    }
  out[idx][idy] = sum;
}
