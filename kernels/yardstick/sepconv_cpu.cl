// Hand-written CPU kernels for ImageCL's separable benchmark (5 taps, constant-0 border, weights k):
// the yardsticks the generated code is held to on CPU devices (src/experiments/cpu_yardsticks.hpp).
// One work-item owns a block of XS columns by R rows and walks it in 16-float vectors, one row after
// another, so every row it touches is one contiguous stream; work-groups of one work-item (PoCL
// then wraps no loop around the body). No local memory, no barriers.
#ifndef XS
#define XS 1024
#endif
#ifndef R
#define R 32
#endif
#if XS % 16 != 0
#error XS must be a multiple of 16
#endif

// The five row taps at x .. x+15 of the row at `r`, pixels outside [0, w) read as 0: a strip away
// from the row's ends loads directly, an end strip from a zero-padded private copy.
inline float16 yd_taps(__global const float* r, int x, int w, __constant float* k) {
  float16 a0, a1, a2, a3, a4;
  if (x >= 2 && x + 18 <= w) {
    a0 = vload16(0, r + x - 2), a1 = vload16(0, r + x - 1), a2 = vload16(0, r + x);
    a3 = vload16(0, r + x + 1), a4 = vload16(0, r + x + 2);
  } else {
    float p[20];
    for (int j = 0; j < 20; j++) p[j] = x - 2 + j >= 0 && x - 2 + j < w ? r[x - 2 + j] : 0.0f;
    a0 = vload16(0, p), a1 = vload16(0, p + 1), a2 = vload16(0, p + 2), a3 = vload16(0, p + 3), a4 = vload16(0, p + 4);
  }
  return fma(k[4], a4, fma(k[3], a3, fma(k[2], a2, fma(k[1], a1, k[0] * a0))));
}

// The five column taps of five rows, in the order the row taps sum.
inline float16 yd_sum5(float16 a0, float16 a1, float16 a2, float16 a3, float16 a4, __constant float* k) {
  return fma(k[4], a4, fma(k[3], a3, fma(k[2], a2, fma(k[1], a1, k[0] * a0))));
}

// Stores the first min(16, w - x) lanes of v at o + x.
inline void yd_store(float16 v, __global float* o, int x, int w) {
  if (x + 16 <= w) {
    vstore16(v, 0, o + x);
  } else {
    float t[16];
    vstore16(v, 0, t);
    for (int j = 0; j < w - x; j++) o[x + j] = t[j];
  }
}

// 16 pixels of row y at x, 0 outside the image.
inline float16 yd_row(__global const float* in, int x, int y, int w, int h) {
  if (y < 0 || y >= h) return (float16)0.0f;
  __global const float* r = in + (size_t)y * (size_t)w;
  if (x + 16 <= w) return vload16(0, r + x);
  float p[16];
  for (int j = 0; j < 16; j++) p[j] = x + j < w ? r[x + j] : 0.0f;
  return vload16(0, p);
}

// Row pass: out(x, y) = sum_i k[i] in(x + i - 2, y).
__kernel void yardstick_sepconv_row(__global const float* restrict in, __global float* restrict out,
                                    __constant float* k, int w, int h) {
  const int x0 = (int)get_global_id(0) * XS, y0 = (int)get_global_id(1) * R;
  const int xe = min(x0 + XS, w), ye = min(y0 + R, h);
  for (int y = y0; y < ye; y++) {
    __global const float* r = in + (size_t)y * (size_t)w;
    __global float* o = out + (size_t)y * (size_t)w;
    for (int x = x0; x < xe; x += 16) yd_store(yd_taps(r, x, w, k), o, x, w);
  }
}

// Column pass: out(x, y) = sum_j k[j] in(x, y + j - 2); each 16-column strip walks down the block
// with its five rows in registers.
__kernel void yardstick_sepconv_col(__global const float* restrict in, __global float* restrict out,
                                    __constant float* k, int w, int h) {
  const int x0 = (int)get_global_id(0) * XS, y0 = (int)get_global_id(1) * R;
  const int xe = min(x0 + XS, w), ye = min(y0 + R, h);
  for (int y = y0; y < ye; y++) {
    __global float* o = out + (size_t)y * (size_t)w;
    if (y >= 2 && y + 2 < h) {  // the five rows inside: direct loads up to the row's last whole strip
      __global const float* r = in + (size_t)(y - 2) * (size_t)w;
      int x = x0;
      for (; x + 16 <= xe; x += 16)
        vstore16(yd_sum5(vload16(0, r + x), vload16(0, r + w + x), vload16(0, r + 2 * w + x), vload16(0, r + 3 * w + x),
                         vload16(0, r + 4 * w + x), k),
                 0, o + x);
      if (x < xe)
        yd_store(yd_sum5(yd_row(in, x, y - 2, w, h), yd_row(in, x, y - 1, w, h), yd_row(in, x, y, w, h),
                         yd_row(in, x, y + 1, w, h), yd_row(in, x, y + 2, w, h), k),
                 o, x, w);
      continue;
    }
    for (int x = x0; x < xe; x += 16)
      yd_store(yd_sum5(yd_row(in, x, y - 2, w, h), yd_row(in, x, y - 1, w, h), yd_row(in, x, y, w, h),
                       yd_row(in, x, y + 1, w, h), yd_row(in, x, y + 2, w, h), k),
               o, x, w);
  }
}

// Both passes in one: the row pass of each input row the block needs is computed once into a ring
// of 8 rows of XS values (Halide's sliding window with storage folding), and each output row sums
// five ring rows.
__kernel void yardstick_sepconv_fused(__global const float* restrict in, __global float* restrict out,
                                      __constant float* k, int w, int h) {
  const int x0 = (int)get_global_id(0) * XS, y0 = (int)get_global_id(1) * R;
  const int xe = min(x0 + XS, w), ye = min(y0 + R, h);
  float ring[8][XS];
  for (int q = 0; q < R + 4; q++) {
    const int yy = y0 - 2 + q;  // the input row whose row pass lands in ring row q % 8
    float* slot = ring[q % 8];
    if (yy < 0 || yy >= h) {
      for (int x = 0; x < XS; x += 16) vstore16((float16)0.0f, 0, slot + x);
    } else {
      __global const float* r = in + (size_t)yy * (size_t)w;
      for (int x = x0; x < xe; x += 16) vstore16(yd_taps(r, x, w, k), 0, slot + (x - x0));
    }
    const int y = yy - 2;  // the output row whose five ring rows are now complete
    if (q < 4) continue;
    if (y >= ye) break;
    const float *s0 = ring[(q - 4) % 8], *s1 = ring[(q - 3) % 8], *s2 = ring[(q - 2) % 8], *s3 = ring[(q - 1) % 8];
    __global float* o = out + (size_t)y * (size_t)w;
    for (int x = x0; x < xe; x += 16) {
      const int i = x - x0;
      yd_store(yd_sum5(vload16(0, s0 + i), vload16(0, s1 + i), vload16(0, s2 + i), vload16(0, s3 + i),
                       vload16(0, slot + i), k),
               o, x, w);
    }
  }
}
