// Pixel access for the two storage types, chosen at compile time with -DFL_IMAGES=1 (image2d_t per
// level) or -DFL_IMAGES=0 (one float buffer holding every level, the level starting `offset`
// pixels in, rows `width` long). Kernels declare FL_SRC/FL_DST/FL_DST2 parameters and use
// fl_pixel/FL_STORE, so one kernel body serves both storages. Needs common/border.cl before it.
#ifndef FL_IMAGES
#error "FL_IMAGES must be defined (1: image2d_t, 0: buffer)"
#endif

#if FL_IMAGES
constant sampler_t fl_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
#define FL_SRC read_only image2d_t src
#define FL_DST write_only image2d_t dst
#define FL_DST2 write_only image2d_t dst2
#define FL_LOAD(px, py) read_imagef(src, fl_sampler, (int2)((px), (py))).s0
#define FL_STORE_TO(img, px, py, v) write_imagef(img, (int2)((px), (py)), (float4)((v), 0.0f, 0.0f, 1.0f))
#else
#define FL_SRC global const float* src
#define FL_DST global float* dst
#define FL_DST2 global float* dst2
#define FL_LOAD(px, py) src[offset + (py) * width + (px)]
#define FL_STORE_TO(buf, px, py, v) buf[offset + (py) * width + (px)] = (v)
#endif
#define FL_STORE(px, py, v) FL_STORE_TO(dst, px, py, v)

// The pixel at (px, py), any integers: out-of-range coordinates are mapped under the compiled
// border mode (common/border.cl), or give `border_value` for the constant mode.
inline float fl_pixel(FL_SRC, const int px, const int py, const int width, const int height, const float border_value,
                      const int offset) {
  const int bx = fl_border_index(px, width);
  const int by = fl_border_index(py, height);
#if FL_BORDER == FL_BORDER_CONSTANT
  return (bx < 0 || by < 0) ? border_value : FL_LOAD(bx, by);
#else
  return FL_LOAD(bx, by);  // the other modes always map into the image
#endif
}
