// Test kernel of `filterlab imagecl`: two float Images mixed with 3 weights, then thresholded
// (a scalar): 255 where the mix exceeds it, else 0. Two inputs, an array and a scalar.
#pragma imagecl grid(out)
#pragma imagecl bound(w, 3)
__kernel void threshold_mix(Image<float> a, Image<float> b, Image<uchar> out, const float* w, float t) {
  const float mix = w[0] * a[idx][idy] + w[1] * b[idx][idy] + w[2];
  out[idx][idy] = mix > t ? 255 : 0;
}
