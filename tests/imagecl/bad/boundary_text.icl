// Not ImageCL: the constant of a boundary must be a number (it is copied into the generated code).
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, in_w)
__kernel void text_boundary(Image<float> in, Image<float> out) {
  out[idx][idy] = in[idx + 1][idy];
}
