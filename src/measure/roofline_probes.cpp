#include "measure/roofline_probes.hpp"

#include <algorithm>
#include <cmath>

#include "error.hpp"

namespace filterlab::measure {
namespace {

std::string define(const char* name, std::size_t value) {
  return std::string(" -D") + name + "=" + std::to_string(value);
}

// kernels/probe/roofline.cl fl_seed: 1 + k / 4096 for k in 0..1023.
float seed(std::uint32_t g, std::uint32_t c, std::uint32_t chains) {
  return 1.0f + static_cast<float>((g * chains + c) & 1023u) * 0x1p-12f;
}

// convert_uchar_sat_rte: NaN to 0, round half to even, clamp to 0..255.
std::uint32_t uchar_sat_rte(float f) {
  if (std::isnan(f)) return 0;
  const float r = std::nearbyint(f);  // the default rounding mode: to nearest, ties to even
  return r <= 0.0f ? 0u : r >= 255.0f ? 255u : static_cast<std::uint32_t>(r);
}

template <class Acc, class Load>
Acc replay_local(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g, Load load) {
  const auto wg = static_cast<std::uint32_t>(s.wg);
  const std::uint32_t l = g % wg, group = g / wg;
  std::vector<Acc> acc(s.local_chains, Acc{0});
  auto base = static_cast<std::uint32_t>((std::uint64_t{group} * 131u) % s.tile);
  for (unsigned i = 0; i < s.local_iters; ++i) {
    base += a.local_step;
    base = base >= s.tile ? base - s.tile : base;
    for (unsigned c = 0; c < s.local_chains; ++c) acc[c] += load(base + l + c * wg);
  }
  Acc sum{0};
  for (const Acc v : acc) sum += v;
  return sum;
}

}  // namespace

std::string RooflineSizes::build_options() const {
  return define("FL_CHAINS", chains) + define("FL_FP_ITERS", fp_iters) + define("FL_CVT_ITERS", cvt_iters) +
         define("FL_LOCAL_CHAINS", local_chains) + define("FL_LOCAL_ITERS", local_iters) + define("FL_WG", wg) +
         define("FL_TILE", tile);
}

void RooflineSizes::check() const {
  auto fail = [](const std::string& what) { throw Error("roofline probe sizes: " + what); };
  if (wg == 0 || global == 0 || global % wg != 0)
    fail("the work-items (" + std::to_string(global) + ") must be a positive multiple of the work-group size (" +
         std::to_string(wg) + ")");
  if (global > (std::size_t{1} << 31)) fail("more than 2^31 work-items");
  if (chains < 2 || chains > 16 || chains % 2 != 0)
    fail(
        "chains must be even, from 2 to 16 (fp32_exact pairs a multiply and an add chain; roofline.cl spells "
        "out 16)");
  if (fp_iters == 0 || cvt_iters == 0 || local_iters == 0 || local_chains == 0)
    fail("every iteration and chain count must be positive");
  if (tile == 0) fail("the tile must be positive");
  // The local probes' sums of 0..255 values stay exact in float below 2^24.
  if (std::uint64_t{local_chains} * local_iters * 255u >= (1u << 24))
    fail("local_chains x local_iters x 255 must stay below 2^24 (exact float sums)");
}

float replay_fp32_exact(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g) {
  std::vector<float> x(s.chains);
  for (unsigned c = 0; c < s.chains; ++c) x[c] = seed(g, c, s.chains);
  for (unsigned c = 0; c < s.chains; c += 2)  // chains are independent: replay one after another
    for (unsigned i = 0; i < s.fp_iters; ++i) {
      x[c] = x[c] * a.exact_mul;
      x[c + 1] = x[c + 1] + a.exact_add;
    }
  float sum = 0.0f;
  for (const float v : x) sum += v;
  return sum;
}

float replay_fp32_fma(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g) {
  float sum = 0.0f;
  for (unsigned c = 0; c < s.chains; ++c) {
    float x = seed(g, c, s.chains);
    for (unsigned i = 0; i < s.fp_iters; ++i)
      x = std::fma(x, a.fma_mul, a.fma_add);  // correctly rounded, as OpenCL's fma
    sum += x;
  }
  return sum;
}

// cvt_u8_f32 and cvt_u16_f32: a loop-carried uint truncated to the pixel type, converted to float.
template <class Pixel>
float replay_cvt_to_f32(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g) {
  float sum = 0.0f;
  for (unsigned c = 0; c < s.chains; ++c) {
    std::uint32_t u = g * s.chains + c;
    float acc = 0.0f;
    for (unsigned i = 0; i < s.cvt_iters; ++i) {
      u += a.cvt_step;
      acc += static_cast<float>(static_cast<Pixel>(u));
    }
    sum += acc;
  }
  return sum;
}

float replay_cvt_u8_f32(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g) {
  return replay_cvt_to_f32<std::uint8_t>(s, a, g);
}

float replay_cvt_u16_f32(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g) {
  return replay_cvt_to_f32<std::uint16_t>(s, a, g);
}

std::uint32_t replay_cvt_f32_u8(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g) {
  std::uint32_t sum = 0;
  for (unsigned c = 0; c < s.chains; ++c) {
    float f = -8.0f + static_cast<float>((g * s.chains + c) & 255u);
    for (unsigned i = 0; i < s.cvt_iters; ++i) {
      f += a.f2u_step;
      sum += uchar_sat_rte(f);  // integer sums: the order does not matter
    }
  }
  return sum;
}

float replay_local_f32(const RooflineSizes& s, const RooflineArgs& a, const std::vector<float>& src, std::uint32_t g) {
  return replay_local<float>(s, a, g, [&](std::uint32_t i) { return src.at(i); });
}

std::uint32_t replay_local_u8(const RooflineSizes& s, const RooflineArgs& a, const std::vector<std::uint8_t>& src,
                              std::uint32_t g) {
  return replay_local<std::uint32_t>(s, a, g, [&](std::uint32_t i) { return std::uint32_t{src.at(i)}; });
}

std::vector<std::uint8_t> local_tile_source(const RooflineSizes& s) {
  std::vector<std::uint8_t> v(s.tile_elements());
  for (std::size_t j = 0; j < v.size(); ++j) v[j] = static_cast<std::uint8_t>((j * 37u) & 255u);
  return v;
}

std::vector<std::uint32_t> sampled_work_items(std::size_t global, std::size_t count) {
  std::vector<std::uint32_t> g;
  if (global <= count || count < 2) {
    for (std::size_t k = 0; k < std::min(global, std::max<std::size_t>(count, 1)); ++k)
      g.push_back(static_cast<std::uint32_t>(k));
    return g;
  }
  for (std::size_t k = 0; k < count; ++k) g.push_back(static_cast<std::uint32_t>(k * (global - 1) / (count - 1)));
  return g;
}

}  // namespace filterlab::measure
