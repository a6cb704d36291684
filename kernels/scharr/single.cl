// Scharr "single": one output pixel per work-item, the KSIZE x KSIZE filter in constant memory
// (all taps, zeros included, as the study's baseline), loops unrolled by the KSIZE define.
// Needs common/border.cl before it. Defines: KSIZE (odd), FL_BORDER (0..4).
#ifndef KSIZE
#error "KSIZE must be defined"
#endif
#define RADIUS (KSIZE / 2)

constant sampler_t fl_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void scharr_single_image(read_only image2d_t src, write_only image2d_t dst, constant float* filt,
                                const int width, const int height, const float border_value) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;  // padded NDRange; no barriers follow
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < KSIZE; ++j) {
    const int yy = fl_border_index(y + j - RADIUS, height);
#pragma unroll
    for (int i = 0; i < KSIZE; ++i) {
      const int xx = fl_border_index(x + i - RADIUS, width);
      const float v = (xx < 0 || yy < 0) ? border_value : read_imagef(src, fl_sampler, (int2)(xx, yy)).x;
      sum += filt[j * KSIZE + i] * v;
    }
  }
  write_imagef(dst, (int2)(x, y), (float4)(sum, 0.0f, 0.0f, 1.0f));
}

// The same on a plain buffer: the level starts `offset` pixels into it, rows are `width` long.
kernel void scharr_single_buffer(global const float* src, global float* dst, constant float* filt,
                                 const int width, const int height, const float border_value,
                                 const int offset) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  if (x >= width || y >= height) return;
  global const float* in = src + offset;
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < KSIZE; ++j) {
    const int yy = fl_border_index(y + j - RADIUS, height);
#pragma unroll
    for (int i = 0; i < KSIZE; ++i) {
      const int xx = fl_border_index(x + i - RADIUS, width);
      const float v = (xx < 0 || yy < 0) ? border_value : in[yy * width + xx];
      sum += filt[j * KSIZE + i] * v;
    }
  }
  dst[offset + y * width + x] = sum;
}
