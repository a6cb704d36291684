// Study 4 (AMD's tiled separable convolution): what every design shares. Needs common/border.cl.
// A source ROI (sx0, sy0, w, h) in a buffer of row pitch src_pitch is filtered into a target ROI
// (tx0, ty0, w, h) of another buffer. Neighbours outside the source ROI take the border mode
// relative to the ROI (OpenCV's BORDER_ISOLATED): nothing outside the source ROI is ever read,
// nothing outside the target ROI is ever written.
#ifndef KSIZE
#error "KSIZE must be defined (odd, 3..9)"
#endif
#define FL_R (KSIZE / 2)
// Operations of one K-tap 1-D filter as the paper counts them: K multiplies, K - 1 adds.
#define FL_FILTER_OPS (2 * KSIZE - 1)

// Instrumented builds (-DFL_COUNT=1) count, per work-group class, global reads, global writes,
// local reads, local writes, arithmetic operations and work-groups into a counter buffer
// (slot * 6 + counter). Without FL_COUNT every macro vanishes.
#define FL_C_GREAD 0
#define FL_C_GWRITE 1
#define FL_C_LREAD 2
#define FL_C_LWRITE 3
#define FL_C_OPS 4
#define FL_C_GROUPS 5
#ifndef FL_COUNT
#define FL_COUNT 0
#endif
#if FL_COUNT
#define FL_COUNT_ARG , __global uint* fl_counters
#define FL_COUNT_DECL uint fl_cnt[6] = {0, 0, 0, 0, 0, 0};
#define FL_CNT(c, n) (fl_cnt[c] += (uint)(n))
#define FL_COUNT_FLUSH(slot)                                                     \
  for (int fl_i = 0; fl_i < 6; ++fl_i)                                           \
    if (fl_cnt[fl_i]) atomic_add(&fl_counters[(slot) * 6 + fl_i], fl_cnt[fl_i]);
#else
#define FL_COUNT_ARG
#define FL_COUNT_DECL
#define FL_CNT(c, n) ((void)0)
#define FL_COUNT_FLUSH(slot)
#endif

// The kernel arguments every single-launch design takes (in this order).
#define FL_ROI_ARGS                                                                        \
  __global const float *src, int src_pitch, int sx0, int sy0, __global float *dst, int dst_pitch, \
      int tx0, int ty0, int w, int h, __constant float *wx, __constant float *wy, float bv

// The source pixel at ROI coordinates (x, y), any x and y: the border mode maps it into the ROI,
// or it is the constant bv. Uses the kernel arguments above; counts a global read when it reads.
inline float fl_roi_value(__global const float* src, int src_pitch, int sx0, int sy0, int w, int h, int x, int y,
                          float bv) {
  const int fx = fl_border_index(x, w), fy = fl_border_index(y, h);
  return (fx < 0 || fy < 0) ? bv : src[(sy0 + fy) * src_pitch + sx0 + fx];
}
#define FL_ROI_READS(x, y) (fl_border_index((x), w) >= 0 && fl_border_index((y), h) >= 0)
#define FL_ROI_LOAD(x, y) \
  (FL_CNT(FL_C_GREAD, FL_ROI_READS(x, y)), fl_roi_value(src, src_pitch, sx0, sy0, w, h, (x), (y), bv))
