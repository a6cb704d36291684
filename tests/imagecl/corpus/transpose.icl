// Transposes a 23 x 37 Image into a 37 x 23 one over a fixed grid.
#pragma imagecl grid(37, 23)
__kernel void transpose(Image<short> in, Image<short> out) {
  out[idx][idy] = in[idy][idx];
}
