// Not ImageCL: nullptr is C++, and the device compiler would not take it.
#pragma imagecl grid(out)
__kernel void pick(Image<float> in, Image<float> out) {
  const float* none = nullptr;
  out[idx][idy] = none == 0 ? in[idx][idy] : 0.0f;
}
