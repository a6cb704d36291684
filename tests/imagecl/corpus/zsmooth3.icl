// 3-tap mean along z of a volume (3-D Images and grid), edge planes repeated.
#pragma imagecl grid(out)
#pragma imagecl boundary(in, clamped)
__kernel void zsmooth3(Image<float, 3> in, Image<float, 3> out) {
  out[idx][idy][idz] = (in[idx][idy][idz - 1] + in[idx][idy][idz] + in[idx][idy][idz + 1]) / 3.0f;
}
