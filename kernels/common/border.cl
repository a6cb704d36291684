// OpenCV's five border modes as an index mapping, chosen at compile time with -DFL_BORDER=<0..4>
// (the cv::BorderTypes numbers). Closed forms, no loops: reflection repeats as often as needed, so
// filters wider than the image are handled, and a length of 1 maps everything to 0.
#define FL_BORDER_CONSTANT 0
#define FL_BORDER_REPLICATE 1
#define FL_BORDER_REFLECT 2
#define FL_BORDER_WRAP 3
#define FL_BORDER_REFLECT_101 4

#ifndef FL_BORDER
#error "FL_BORDER must be defined (0 constant, 1 replicate, 2 reflect, 3 wrap, 4 reflect_101)"
#endif

inline int fl_mod(int p, int n) {
  const int m = p % n;
  return m < 0 ? m + n : m;
}

// Index of p in [0, n) under the compiled border mode; -1 means "use the constant value".
inline int fl_border_index(int p, int n) {
  if ((uint)p < (uint)n) return p;
#if FL_BORDER == FL_BORDER_CONSTANT
  return -1;
#elif FL_BORDER == FL_BORDER_REPLICATE
  return p < 0 ? 0 : n - 1;
#elif FL_BORDER == FL_BORDER_REFLECT
  const int m = fl_mod(p, 2 * n);  // period fedcba|abcdef has length 2n
  return m < n ? m : 2 * n - 1 - m;
#elif FL_BORDER == FL_BORDER_WRAP
  return fl_mod(p, n);
#elif FL_BORDER == FL_BORDER_REFLECT_101
  if (n == 1) return 0;
  const int m = fl_mod(p, 2 * n - 2);  // period gfedcb|abcdefg has length 2n-2
  return m < n ? m : 2 * n - 2 - m;
#else
#error "FL_BORDER must be 0..4"
#endif
}
