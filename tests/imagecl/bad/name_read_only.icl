// Not ImageCL: 'read_only' as a variable name (accepted by the C++ front end, rejected or replaced by the device compiler).
#pragma imagecl grid(out)
__kernel void named(Image<float> in, Image<float> out) {
  float read_only = in[idx][idy];
  out[idx][idy] = read_only;
}
