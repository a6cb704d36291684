// Not ImageCL: 'float4' as a variable name (accepted by the C++ front end, rejected or replaced by the device compiler).
#pragma imagecl grid(out)
__kernel void named(Image<float> in, Image<float> out) {
  float float4 = in[idx][idy];
  out[idx][idy] = float4;
}
