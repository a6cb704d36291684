// The row pass of rgba_blur_pipeline.icl: a 1-2-1 binomial along x of uchar4 pixels, into float4.
#pragma imagecl grid(mid)
#pragma imagecl boundary(in, reflect101)
__kernel void rgba_rows(Image<uchar4> in, Image<float4> mid) {
  mid[idx][idy] = convert_float4(in[idx - 1][idy]) + 2.0f * convert_float4(in[idx][idy]) + convert_float4(in[idx + 1][idy]);
}
