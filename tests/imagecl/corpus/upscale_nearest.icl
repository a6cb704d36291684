// Doubles an Image by nearest-neighbour resampling (the output is twice the input's size).
#pragma imagecl grid(out)
__kernel void upscale_nearest(Image<ushort> in, Image<ushort> out) {
  out[idx][idy] = in[idx / 2][idy / 2];
}
