// Roofline probes: the ceilings besides copy bandwidth (copy.cl) that a filter's per-pixel work
// meets. Each work-item runs independent chains (instruction-level parallelism) for a fixed number
// of iterations and writes one value that depends on every step, so nothing can be removed or
// hoisted; src/ocl/roofline.cpp recomputes sampled work-items exactly on the host.
//
// Build options (src/ocl/roofline.cpp): -DFL_CHAINS (chains of the FP32 and conversion probes),
// -DFL_FP_ITERS, -DFL_CVT_ITERS, -DFL_LOCAL_CHAINS, -DFL_LOCAL_ITERS, -DFL_WG (work-group size of
// every probe), -DFL_TILE (the local probes' tile in elements, beyond the chains' reach). Never
// -cl-mad-enable or -cl-fast-relaxed-math: fp32_exact measures separate multiplies and adds.

// fp32_exact must issue a multiply and an add, never a fused multiply-add. Its chains are also
// built so that no multiply feeds an add, so even a compiler that ignores this cannot contract.
#pragma OPENCL FP_CONTRACT OFF

#if FL_CHAINS % 2 != 0
#error "FL_CHAINS must be even: fp32_exact pairs a multiply chain with an add chain"
#endif

// A chain's start: 1 + k / 4096 for k in 0..1023, exact in float.
float fl_seed(uint g, uint c, uint chains) { return 1.0f + (float)((g * chains + c) & 1023u) * 0.000244140625f; }

// The chains are scalar variables (those beyond FL_CHAINS folded away), not arrays: a CPU compiler (PoCL) keeps a private array in
// memory and the probe then measures loads and stores, not the arithmetic.
#if FL_CHAINS > 16
#error "FL_CHAINS must be at most 16: the probes spell their chains out"
#endif
#define FL_EACH8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define FL_EACH16(X) FL_EACH8(X) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)

// FP32 without contraction: chain 2k multiplies by m, chain 2k + 1 adds a; one instruction (one
// flop) per chain and iteration.
kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void fp32_exact(global float* out, const float m,
                                                                          const float a) {
  const uint g = get_global_id(0);
#define FL_INIT(c) float x##c = fl_seed(g, 2 * c, FL_CHAINS), y##c = fl_seed(g, 2 * c + 1, FL_CHAINS);
  FL_EACH8(FL_INIT)
#undef FL_INIT
  for (int i = 0; i < FL_FP_ITERS; ++i) {
#define FL_STEP(c) if (c < FL_CHAINS / 2) { x##c *= m; y##c += a; }
    FL_EACH8(FL_STEP)
#undef FL_STEP
  }
  float s = 0.0f;
#define FL_SUM(c) if (c < FL_CHAINS / 2) { s += x##c; s += y##c; }
  FL_EACH8(FL_SUM)
#undef FL_SUM
  out[g] = s;
}

// FP32 with contraction: an explicit fma per chain and iteration (one instruction, two flops).
kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void fp32_fma(global float* out, const float m,
                                                                        const float a) {
  const uint g = get_global_id(0);
#define FL_INIT(c) float x##c = fl_seed(g, c, FL_CHAINS);
  FL_EACH16(FL_INIT)
#undef FL_INIT
  for (int i = 0; i < FL_FP_ITERS; ++i) {
#define FL_STEP(c) if (c < FL_CHAINS) x##c = fma(x##c, m, a);
    FL_EACH16(FL_STEP)
#undef FL_STEP
  }
  float s = 0.0f;
#define FL_SUM(c) if (c < FL_CHAINS) s += x##c;
  FL_EACH16(FL_SUM)
#undef FL_SUM
  out[g] = s;
}

kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void cvt_u8_f32(global float* out, const uint step) {
  const uint g = get_global_id(0);
  uint u[FL_CHAINS];
  float acc[FL_CHAINS];
  for (uint c = 0; c < FL_CHAINS; ++c) {
    u[c] = g * FL_CHAINS + c;
    acc[c] = 0.0f;
  }
  for (int i = 0; i < FL_CVT_ITERS; ++i) {
#pragma unroll
    for (uint c = 0; c < FL_CHAINS; ++c) {
      u[c] += step;
      acc[c] += convert_float(convert_uchar(u[c]));
    }
  }
  float s = 0.0f;
  for (uint c = 0; c < FL_CHAINS; ++c) s += acc[c];
  out[g] = s;
}

kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void cvt_u16_f32(global float* out, const uint step) {
  const uint g = get_global_id(0);
  uint u[FL_CHAINS];
  float acc[FL_CHAINS];
  for (uint c = 0; c < FL_CHAINS; ++c) {
    u[c] = g * FL_CHAINS + c;
    acc[c] = 0.0f;
  }
  for (int i = 0; i < FL_CVT_ITERS; ++i) {
#pragma unroll
    for (uint c = 0; c < FL_CHAINS; ++c) {
      u[c] += step;
      acc[c] += convert_float(convert_ushort(u[c]));
    }
  }
  float s = 0.0f;
  for (uint c = 0; c < FL_CHAINS; ++c) s += acc[c];
  out[g] = s;
}

// Float to pixel: a loop-carried float (f += step) rounded to nearest even and saturated to uchar,
// the conversion a filter's 8-bit output needs.
kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void cvt_f32_u8(global uint* out, const float step) {
  const uint g = get_global_id(0);
  float f[FL_CHAINS];
  uint acc[FL_CHAINS];
  for (uint c = 0; c < FL_CHAINS; ++c) {
    f[c] = -8.0f + (float)((g * FL_CHAINS + c) & 255u);
    acc[c] = 0u;
  }
  for (int i = 0; i < FL_CVT_ITERS; ++i) {
#pragma unroll
    for (uint c = 0; c < FL_CHAINS; ++c) {
      f[c] += step;
      acc[c] += convert_uchar_sat_rte(f[c]);
    }
  }
  uint s = 0u;
  for (uint c = 0; c < FL_CHAINS; ++c) s += acc[c];
  out[g] = s;
}

// Local-memory loads: the work-group copies src into a tile once, then each work-item reads it
// FL_LOCAL_ITERS times per chain at a loop-carried offset (base < FL_TILE), neighbouring work-items
// reading neighbouring elements (no bank conflicts): chain c reads tile[base + lid + c * FL_WG].
#define FL_TILE_ELEMENTS (FL_TILE + FL_LOCAL_CHAINS * FL_WG)

kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void local_f32(global const float* src, global float* out,
                                                                         const uint step) {
  local float tile[FL_TILE_ELEMENTS];
  const uint l = get_local_id(0);
  for (uint j = l; j < FL_TILE_ELEMENTS; j += FL_WG) tile[j] = src[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc[FL_LOCAL_CHAINS];
  for (uint c = 0; c < FL_LOCAL_CHAINS; ++c) acc[c] = 0.0f;
  uint base = (get_group_id(0) * 131u) % FL_TILE;
  for (int i = 0; i < FL_LOCAL_ITERS; ++i) {
    base += step;
    base = base >= FL_TILE ? base - FL_TILE : base;
#pragma unroll
    for (uint c = 0; c < FL_LOCAL_CHAINS; ++c) acc[c] += tile[base + l + c * FL_WG];
  }
  float s = 0.0f;
  for (uint c = 0; c < FL_LOCAL_CHAINS; ++c) s += acc[c];
  out[get_global_id(0)] = s;
}

kernel __attribute__((reqd_work_group_size(FL_WG, 1, 1))) void local_u8(global const uchar* src, global uint* out,
                                                                        const uint step) {
  local uchar tile[FL_TILE_ELEMENTS];
  const uint l = get_local_id(0);
  for (uint j = l; j < FL_TILE_ELEMENTS; j += FL_WG) tile[j] = src[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint acc[FL_LOCAL_CHAINS];
  for (uint c = 0; c < FL_LOCAL_CHAINS; ++c) acc[c] = 0u;
  uint base = (get_group_id(0) * 131u) % FL_TILE;
  for (int i = 0; i < FL_LOCAL_ITERS; ++i) {
    base += step;
    base = base >= FL_TILE ? base - FL_TILE : base;
#pragma unroll
    for (uint c = 0; c < FL_LOCAL_CHAINS; ++c) acc[c] += tile[base + l + c * FL_WG];
  }
  uint s = 0u;
  for (uint c = 0; c < FL_LOCAL_CHAINS; ++c) s += acc[c];
  out[get_global_id(0)] = s;
}
