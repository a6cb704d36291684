// 4-neighbour Laplacian of an integer Image, zero beyond the border.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, constant, 0)
__kernel void laplace4(Image<int> in, Image<int> out) {
  out[idx][idy] = in[idx - 1][idy] + in[idx + 1][idy] + in[idx][idy - 1] + in[idx][idy + 1] - 4 * in[idx][idy];
}
