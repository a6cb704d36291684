// Bandwidth probe: a plain copy, 16 bytes per work-item; bytes moved = 2 * size.
kernel void copy_float4(global const float4* src, global float4* dst) {
  const size_t i = get_global_id(0);
  dst[i] = src[i];
}
