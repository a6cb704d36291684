// The key-point use case of the storage study: one launch reads pixels and their neighbours from
// any level of the pyramid. Each work-item takes one point (level, x, y) and returns the sum of its
// 3x3 neighbourhood under REFLECT_101 (OpenCV's default border). Possible only where every level
// lives in one memory object: the buffer (FL_STORAGE=0) or the image buffer over it (2).
// `levels`: offset, width, height per level. Needs common/border.cl (FL_BORDER=4) before it.
#if FL_STORAGE == 2
#define FL_SRC read_only image1d_buffer_t src
#define FL_AT(i) read_imagef(src, (i)).s0
#elif FL_STORAGE == 0
#define FL_SRC global const float* src
#define FL_AT(i) src[(i)]
#else
#error "key points need the buffer (0) or the image buffer (2)"
#endif

kernel void keypoint_sums(FL_SRC, constant int* levels, global const int4* points, const int count, global float* out) {
  const int i = get_global_id(0);
  if (i >= count) return;
  const int4 p = points[i];  // level, x, y, unused
  const int offset = levels[3 * p.x], width = levels[3 * p.x + 1], height = levels[3 * p.x + 2];
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += FL_AT(offset + fl_border_index(p.z + dy, height) * width + fl_border_index(p.y + dx, width));
  out[i] = sum;
}
