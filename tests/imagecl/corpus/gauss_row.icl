// Horizontal 5-tap binomial through #define macros (radius, taps, an access macro), reflect101.
#define RADIUS 2
#define TAP(k) (k == 0 || k == 4 ? 1.0f : k == 2 ? 6.0f : 4.0f)
#define PIX(dx) in[idx + (dx)][idy]
#pragma imagecl grid(out)
#pragma imagecl boundary(in, reflect101)
__kernel void gauss_row(Image<float> in, Image<float> out) {
  float s = 0.0f;
  for (int k = 0; k <= 2 * RADIUS; k++)
    s += TAP(k) * PIX(k - RADIUS);
  out[idx][idy] = s / 16.0f;
}
