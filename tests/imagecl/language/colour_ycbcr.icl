// RGBA to full-range YCbCr (JPEG's, chroma offset 128) on float4 pixels, alpha kept: a helper on
// vectors, dot over a swizzle, vector literals.
#pragma imagecl grid(out)
float4 ycbcr(float4 c) {
  const float y = dot(c.xyz, (float3)(0.299f, 0.587f, 0.114f));
  return (float4)(y, 0.564f * (c.z - y) + 128.0f, 0.713f * (c.x - y) + 128.0f, c.w);
}
__kernel void colour_ycbcr(Image<float4> in, Image<float4> out) {
  out[idx][idy] = ycbcr(in[idx][idy]);
}
