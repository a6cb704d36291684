// Pixel access for the two storage types, chosen at compile time with -DFL_IMAGES=1 (image2d_t per
// level) or -DFL_IMAGES=0 (one float buffer holding every level, the level starting `offset`
// pixels in, rows `width` long). Kernels declare FL_SRC/FL_DST parameters and use FL_LOAD/FL_STORE,
// so one kernel body serves both storages.
#ifndef FL_IMAGES
#error "FL_IMAGES must be defined (1: image2d_t, 0: buffer)"
#endif

#if FL_IMAGES
constant sampler_t fl_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
#define FL_SRC read_only image2d_t src
#define FL_DST write_only image2d_t dst
#define FL_LOAD(px, py) read_imagef(src, fl_sampler, (int2)((px), (py))).s0
#define FL_STORE(px, py, v) write_imagef(dst, (int2)((px), (py)), (float4)((v), 0.0f, 0.0f, 1.0f))
#else
#define FL_SRC global const float* src
#define FL_DST global float* dst
#define FL_LOAD(px, py) src[offset + (py) * width + (px)]
#define FL_STORE(px, py, v) dst[offset + (py) * width + (px)] = (v)
#endif

// A pixel under the compiled border mode (common/border.cl): out-of-range coordinates are mapped,
// or give `border_value` for the constant mode.
#define FL_PIXEL(px, py) (((px) < 0 || (py) < 0) ? border_value : FL_LOAD((px), (py)))
