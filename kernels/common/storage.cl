// Pixel access for the four storage types of the storage study, chosen at compile time with
// -DFL_STORAGE=<n>:
//   0 buffer        one float buffer holding every level, the level starting `offset` pixels in
//   1 images        one image2d_t per level (`offset` unused)
//   2 image buffer  one image1d_buffer_t over a buffer holding every level, addressed as the buffer
//   3 cubes         one image2d_array_t per octave (levels of equal size), `offset` is the layer
// Rows are `width` pixels long. Kernels declare FL_SRC/FL_DST/FL_DST2 parameters and use
// fl_pixel/FL_STORE, so one kernel body serves every storage. Needs common/border.cl before it.
#define FL_STORAGE_BUFFER 0
#define FL_STORAGE_IMAGES 1
#define FL_STORAGE_IMAGE_BUFFER 2
#define FL_STORAGE_CUBES 3
#ifndef FL_STORAGE
#error "FL_STORAGE must be defined (0 buffer, 1 images, 2 image buffer, 3 cubes)"
#endif
// Buffers, image buffers and cubes hold several levels per memory object: a launch covers a run
// of equal-sized levels (an octave) along the NDRange's third dimension, whose global offset is
// the run's first level, and finds each level's shape in a table (the storage study's design).
#define FL_GROUPED (FL_STORAGE != FL_STORAGE_IMAGES)

// In a grouped launch: this work-item's level, its shape and its `offset` (first pixel, or layer).
#if FL_STORAGE == FL_STORAGE_CUBES
#define FL_LEVEL_OFFSET(lvl) ((lvl) - (int)get_global_offset(2))
#else
#define FL_LEVEL_OFFSET(lvl) levels[4 * (lvl)]
#endif
#define FL_GROUPED_LEVEL(levels)                                   \
  const int lvl_ = get_global_id(2);                               \
  const int width = levels[4 * lvl_ + 1], height = levels[4 * lvl_ + 2]; \
  const int offset = FL_LEVEL_OFFSET(lvl_)

#if FL_STORAGE == FL_STORAGE_IMAGES
constant sampler_t fl_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
#define FL_SRC read_only image2d_t src
#define FL_DST write_only image2d_t dst
#define FL_DST2 write_only image2d_t dst2
#define FL_LOAD(px, py) read_imagef(src, fl_sampler, (int2)((px), (py))).s0
#define FL_STORE_TO(img, px, py, v) write_imagef(img, (int2)((px), (py)), (float4)((v), 0.0f, 0.0f, 1.0f))
#elif FL_STORAGE == FL_STORAGE_CUBES
constant sampler_t fl_sampler = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
#define FL_SRC read_only image2d_array_t src
#define FL_DST write_only image2d_array_t dst
#define FL_DST2 write_only image2d_array_t dst2
#define FL_LOAD(px, py) read_imagef(src, fl_sampler, (int4)((px), (py), offset, 0)).s0
#define FL_STORE_TO(img, px, py, v) write_imagef(img, (int4)((px), (py), offset, 0), (float4)((v), 0.0f, 0.0f, 1.0f))
#elif FL_STORAGE == FL_STORAGE_IMAGE_BUFFER
#define FL_SRC read_only image1d_buffer_t src
#define FL_DST write_only image1d_buffer_t dst
#define FL_DST2 write_only image1d_buffer_t dst2
#define FL_LOAD(px, py) read_imagef(src, offset + (py) * width + (px)).s0
#define FL_STORE_TO(img, px, py, v) write_imagef(img, offset + (py) * width + (px), (float4)((v), 0.0f, 0.0f, 1.0f))
#elif FL_STORAGE == FL_STORAGE_BUFFER
#define FL_SRC global const float* src
#define FL_DST global float* dst
#define FL_DST2 global float* dst2
#define FL_LOAD(px, py) src[offset + (py) * width + (px)]
#define FL_STORE_TO(buf, px, py, v) buf[offset + (py) * width + (px)] = (v)
#else
#error "FL_STORAGE must be 0..3"
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
