// Not ImageCL: a kernel named after an OpenCL type.
#pragma imagecl grid(out)
__kernel void image2d_t(Image<float> in, Image<float> out) {
  out[idx][idy] = in[idx][idy];
}
