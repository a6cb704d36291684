// Not ImageCL: 'in_w' as a variable name (accepted by the C++ front end, rejected or replaced by the device compiler).
#pragma imagecl grid(out)
__kernel void named(Image<float> in, Image<float> out) {
  float in_w = in[idx][idy];
  out[idx][idy] = in_w;
}
