// Not ImageCL: the index computation itself overflows int.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void overflow(Image<float> in, Image<float> out) {
  out[idx][idy] = in[idx + 2147483600 + 2147483600][idy];
}
