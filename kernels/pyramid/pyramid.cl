// The study's pyramid built on the device: the first level of a new octave is the 2x2 box average
// (sum * 0.25, floor(w/2) x floor(h/2)) of the previous octave's last level; the other levels are
// copies (made with clEnqueueCopy*, not here). FL_STORAGE as in common/storage.cl; for image
// buffers the host runs the buffer form on the buffer under them. Source and destination are
// different levels of one buffer, or different image objects.
#if FL_STORAGE == 1
#define FL_SRC read_only image2d_t src
#define FL_DST write_only image2d_t dst
#define FL_AT(px, py) read_imagef(src, (int2)((px), (py))).s0
#define FL_PUT(px, py, v) write_imagef(dst, (int2)((px), (py)), (float4)((v), 0.0f, 0.0f, 1.0f))
#elif FL_STORAGE == 3
#define FL_SRC read_only image2d_array_t src
#define FL_DST write_only image2d_array_t dst
#define FL_AT(px, py) read_imagef(src, (int4)((px), (py), src_offset, 0)).s0
#define FL_PUT(px, py, v) write_imagef(dst, (int4)((px), (py), dst_offset, 0), (float4)((v), 0.0f, 0.0f, 1.0f))
#else
#define FL_SRC global const float* src
#define FL_DST global float* dst
#define FL_AT(px, py) src[src_offset + (py) * src_width + (px)]
#define FL_PUT(px, py, v) dst[dst_offset + (py) * dst_width + (px)] = (v)
#endif

// `*_offset`: the level's first pixel (buffer) or its layer (cubes); unused for images.
kernel void downsample_box2x2(FL_SRC, const int src_offset, const int src_width, FL_DST, const int dst_offset,
                              const int dst_width, const int dst_height) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= dst_width || y >= dst_height) return;
  const float sum = (FL_AT(2 * x, 2 * y) + FL_AT(2 * x + 1, 2 * y)) + (FL_AT(2 * x, 2 * y + 1) + FL_AT(2 * x + 1, 2 * y + 1));
  FL_PUT(x, y, sum * 0.25f);
}
