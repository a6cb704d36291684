// Central difference in x of an unsigned 16-bit Image into a signed one, edge pixels repeated.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void derivative_x(Image<ushort> in, Image<short> out) {
  out[idx][idy] = (short)((int)in[idx + 1][idy] - (int)in[idx - 1][idy]);
}
