// Not ImageCL: 'ICL_CX' as a variable name (accepted by the C++ front end, rejected or replaced by the device compiler).
#pragma imagecl grid(out)
__kernel void named(Image<float> in, Image<float> out) {
  float ICL_CX = in[idx][idy];
  out[idx][idy] = ICL_CX;
}
