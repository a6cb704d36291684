// Bandwidth probe: a plain copy, 16 bytes per work-item; bytes moved = 2 * size.
kernel void copy_float4(global const float4* src, global float4* dst) {
  const size_t i = get_global_id(0);
  dst[i] = src[i];
}

// The traffic mix of a filter with two outputs: one read, two writes; bytes moved = 3 * size.
kernel void copy_split_float4(global const float4* src, global float4* dst, global float4* dst2) {
  const size_t i = get_global_id(0);
  const float4 v = src[i];
  dst[i] = v;
  dst2[i] = v;
}
