// Not ImageCL: the boundary pragma's namespace is misspelled (the tool must not drop it).
#pragma imagecl grid(out)
#pragma imagcl boundary(in, clamped)
__kernel void shift_left(Image<float> in, Image<float> out) {
  out[idx][idy] = in[idx - 1][idy];
}
