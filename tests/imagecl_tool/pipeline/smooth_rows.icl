// The row pass of unsharp_pipeline.icl: a 1-4-6-4-1 binomial along x, wrapping around.
#pragma imagecl grid(mid)
#pragma imagecl boundary(in, wrap)
__kernel void smooth_rows(Image<uchar> in, Image<float> mid) {
  mid[idx][idy] = in[idx - 2][idy] + 4.0f * in[idx - 1][idy] + 6.0f * in[idx][idy] + 4.0f * in[idx + 1][idy] + in[idx + 2][idy];
}
