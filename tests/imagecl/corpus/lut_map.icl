// Applies a 256-entry lookup table (eligible for constant memory through its bound).
#pragma imagecl grid(out)
#pragma imagecl bound(table, 256)
__kernel void lut_map(Image<uchar> in, Image<uchar> out, const uchar* table) {
  out[idx][idy] = table[in[idx][idy]];
}
