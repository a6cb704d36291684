// Not ImageCL: 'image2d_t' as a variable name (accepted by the C++ front end, rejected or replaced by the device compiler).
#pragma imagecl grid(out)
__kernel void named(Image<float> in, Image<float> out) {
  float image2d_t = in[idx][idy];
  out[idx][idy] = image2d_t;
}
