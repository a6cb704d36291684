#pragma once
// The variants of each workload: one stable name, one kernel, its own output image. A definition
// (weights, k) comes from the manifest or from the self-test; a variant whose technique cannot
// compute it carries the reason instead of a launch.

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "conv2d_u8_kernels.cuh"
#include "device_image.cuh"
#include "harris_kernels.cuh"
#include "launch.cuh"
#include "sepconv_kernels.cuh"

namespace cuda_hand {

struct Variant {
  std::string name, description;
  bool exact = false;          // claims output bit-identical to the oracle: judged with tolerance 0
  std::string not_applicable;  // non-empty: why the technique cannot compute this definition
  Launch launch;
  std::shared_ptr<DevImage> out;
};

struct SepconvDef {
  std::vector<double> kx, ky;
};
struct Conv2dDef {
  int size = 0;
  std::vector<double> w;  // row-major, size x size
};
struct HarrisDef {
  double k = 0, sobel_scale = 0;
  int block_size = 0, sobel_size = 0;
};

// A variant that cannot run, with the reason.
inline Variant not_applicable(const std::string& name, const std::string& description, const std::string& why,
                              bool exact = false) {
  Variant v;
  v.name = name, v.description = description, v.not_applicable = why, v.exact = exact;
  return v;
}

inline Variant runnable(const std::string& name, const std::string& description, std::shared_ptr<DevImage> out,
                        Launch l, bool exact = false) {
  Variant v;
  v.name = name, v.description = description, v.out = std::move(out), v.launch = std::move(l), v.exact = exact;
  return v;
}

inline std::vector<Variant> sepconv_variants(const SepconvDef& d, const DevImage& in, const std::string& why_not = "") {
  const std::string s64 = "stream64_4px", s32 = "stream32_4px", t48 = "tile4x8_float4";
  const std::string d64 =
      "each warp walks down 64 rows of a 128-column strip, 4 adjacent outputs per lane, the vertical window's "
      "horizontal sums in registers, the next 4 rows' loads in flight, halo by __shfl_sync";
  const std::string d32 = "as stream64_4px with 32 rows per warp (twice the warps)";
  const std::string d48 = "each lane 4 columns x 8 rows from 12 float4 rows loaded at once, halo by __shfl_sync";
  std::string why = why_not;
  if (why.empty() && (d.kx.size() != 5 || d.ky.size() != 5))
    why = "the kernels are written for 5 + 5 taps; the definition has " + std::to_string(d.kx.size()) + " + " +
          std::to_string(d.ky.size());
  if (!why.empty())
    return {not_applicable(s64, d64, why), not_applicable(s32, d32, why), not_applicable(t48, d48, why)};
  Taps5 t;
  for (int i = 0; i < 5; ++i) t.kx[i] = static_cast<float>(d.kx[i]), t.ky[i] = static_cast<float>(d.ky[i]);
  auto out = [&] { return std::make_shared<DevImage>(in.width, in.height, false); };
  std::vector<Variant> v;
  auto o1 = out(), o2 = out(), o3 = out();
  v.push_back(runnable(s64, d64, o1, sepconv_stream_launch<64>(in, *o1, t)));
  v.push_back(runnable(s32, d32, o2, sepconv_stream_launch<32>(in, *o2, t)));
  v.push_back(runnable(t48, d48, o3, sepconv_tile4x8_launch(in, *o3, t)));
  return v;
}

// Integer weights for dp4a: w = n * 2^-k with n in int8, the smallest such k <= 30, and every sum of
// n * pixel within +-2^22 (exact in float, in the conversion's range). Returns why not, or "".
inline std::string int_taps(const Conv2dDef& d, U8IntTaps& t) {
  int shift = -1;
  for (int k = 0; k <= 30 && shift < 0; ++k) {
    bool ok = true;
    for (double w : d.w) ok = ok && std::ldexp(w, k) == std::nearbyint(std::ldexp(w, k));
    if (ok) shift = k;
  }
  if (shift < 0) return "the weights are not integers times 2^-k (k <= 30): an int32 sum would not be the exact sum";
  double reach = 0;
  int n[25];
  for (int i = 0; i < 25; ++i) {
    const double v = std::ldexp(d.w[static_cast<std::size_t>(i)], shift);
    if (v < -128 || v > 127)
      return "weight " + std::to_string(i) + " is " + std::to_string(v) + " * 2^-" + std::to_string(shift) +
             ": not a signed byte (dp4a)";
    n[i] = static_cast<int>(v);
    reach += 255.0 * std::fabs(v);
  }
  if (reach >= 4194304.0) return "sums of n * pixel may reach 2^22: the conversion would not be exact";
  for (int j = 0; j < 5; ++j) {
    t.lo[j] = 0;
    for (int i = 0; i < 4; ++i) t.lo[j] |= (static_cast<unsigned>(n[5 * j + i]) & 0xffu) << (8 * i);
    t.hi[j] = static_cast<unsigned>(n[5 * j + 4]) & 0xffu;
  }
  t.scale = std::ldexp(1.0f, -shift);
  return "";
}

inline std::vector<Variant> conv2d_u8_variants(const Conv2dDef& d, const DevImage& in,
                                               const std::string& why_not = "") {
  const std::string e4 = "stream64_4px_dp4a_exact", e8 = "stream64_8px_dp4a_exact", f4 = "stream64_4px_fma_contracted";
  const std::string de =
      "each warp walks down 64 rows of a strip, %d adjacent outputs per lane, the 5 output rows an input row feeds "
      "in int32 registers; integer weights x uint8 pixels by dp4a (2 per output and weight row), one exact float "
      "scale, rte and saturation at the end; halo by __shfl_sync";
  auto with = [](std::string s, int px) { return s.replace(s.find("%d"), 2, std::to_string(px)); };
  const std::string df =
      "each warp walks down 64 rows of a 128-column strip, 4 outputs per lane; float weights x pixels by fma, rte and "
      "saturation at the end; halo by __shfl_sync";
  std::string why = why_not;
  if (why.empty() && (d.size != 5 || d.w.size() != 25))
    why = "the kernels are written for 5x5 weights; the definition's are " + std::to_string(d.size) + "x" +
          std::to_string(d.size);
  if (!why.empty())
    return {not_applicable(e4, with(de, 4), why, true), not_applicable(e8, with(de, 8), why, true),
            not_applicable(f4, df, why)};
  std::vector<Variant> v;
  U8IntTaps it{};
  const std::string no_int = int_taps(d, it);
  auto out = [&] { return std::make_shared<DevImage>(in.width, in.height, true); };
  if (no_int.empty()) {
    auto o1 = out(), o2 = out();
    v.push_back(runnable(e4, with(de, 4), o1, conv2d_u8_dp4a_launch<1, 64>(in, *o1, it), true));
    v.push_back(runnable(e8, with(de, 8), o2, conv2d_u8_dp4a_launch<2, 64>(in, *o2, it), true));
  } else {
    v.push_back(not_applicable(e4, with(de, 4), no_int, true));
    v.push_back(not_applicable(e8, with(de, 8), no_int, true));
  }
  U8FloatTaps ft;
  for (int i = 0; i < 25; ++i) ft.w[i] = static_cast<float>(d.w[static_cast<std::size_t>(i)]);
  auto o3 = out();
  v.push_back(runnable(f4, df, o3, conv2d_u8_fma_launch<1, 64>(in, *o3, ft)));
  return v;
}

inline std::vector<Variant> harris_variants(const HarrisDef& d, const DevImage& in, const std::string& why_not = "") {
  const std::string s80 = "stream80_4px", a4 = "stream80_4px_cpasync_d4", a8 = "stream80_4px_cpasync_d8";
  const std::string d80 =
      "each warp walks down 80 rows of a 128-column strip, 4 outputs per lane, Sobel, products, 2x2 sums and the "
      "response fused; the previous product row's sums in registers, rows loaded 3 ahead, halo by __shfl_sync";
  const std::string da =
      "as stream80_4px, the input rows staged %d ahead into shared memory by cp.async (__pipeline_memcpy_async, per "
      "warp); the strips at the left and right edges take the plain path";
  auto with = [](std::string s, int n) { return s.replace(s.find("%d"), 2, std::to_string(n)); };
  std::string why = why_not;
  if (why.empty() && (d.block_size != 2 || d.sobel_size != 3))
    why = "the kernels are written for blockSize 2 and a 3x3 Sobel; the definition has blockSize " +
          std::to_string(d.block_size) + ", Sobel " + std::to_string(d.sobel_size);
  if (!why.empty())
    return {not_applicable(s80, d80, why), not_applicable(a4, with(da, 4), why), not_applicable(a8, with(da, 8), why)};
  const HarrisParams p{static_cast<float>(d.k), static_cast<float>(std::pow(d.sobel_scale, 4.0))};
  auto out = [&] { return std::make_shared<DevImage>(in.width, in.height, false); };
  auto o1 = out(), o2 = out(), o3 = out();
  std::vector<Variant> v;
  v.push_back(runnable(s80, d80, o1, harris_stream_launch<80, 3>(in, *o1, p)));
  v.push_back(runnable(a4, with(da, 4), o2, harris_stream_cpasync_launch<80, 4>(in, *o2, p)));
  v.push_back(runnable(a8, with(da, 8), o3, harris_stream_cpasync_launch<80, 8>(in, *o3, p)));
  return v;
}

}  // namespace cuda_hand
