// Not ImageCL: reads one pixel to the right of an Image that has no boundary condition.
#pragma imagecl grid(in, out)
__kernel void forward_difference(Image<float> in, Image<float> out) {
  out[idx][idy] = in[idx + 1][idy] - in[idx][idy];
}
