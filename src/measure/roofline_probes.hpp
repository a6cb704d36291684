#pragma once
// The roofline probes' sizes (kernels/probe/roofline.cl's build options) and the host's exact
// replay of each probe's work-item: what the device must have written, so that a probe whose work
// was removed, hoisted, contracted or wrongly rounded is caught before it is timed.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace filterlab::measure {

struct RooflineSizes {
  std::size_t global = 0;       // work-items of every probe, a multiple of wg
  std::size_t wg = 256;         // work-group size of every probe (reqd_work_group_size)
  unsigned chains = 16;         // independent chains per work-item (FP32, conversions); even
  unsigned fp_iters = 4096;     // iterations of each FP32 chain
  unsigned cvt_iters = 1024;    // iterations of each conversion chain
  unsigned local_chains = 8;    // independent local loads per iteration
  unsigned local_iters = 2048;  // iterations of the local probes
  unsigned tile = 1024;         // local probes: range of the loop-carried offset (elements)

  std::size_t tile_elements() const { return tile + std::size_t{local_chains} * wg; }  // the __local array
  // The kernel's -D options (after -cl-std=CL1.2); never -cl-mad-enable or -cl-fast-relaxed-math.
  std::string build_options() const;
  // Throws filterlab::Error naming the size that the kernels or their exact checks cannot take.
  void check() const;
};

// The probes' run-time arguments; the host replays the kernels with the same values.
struct RooflineArgs {
  float exact_mul = 1.0f + 0x1p-20f, exact_add = 0x1p-14f;  // fp32_exact: x *= m, y += a
  // fp32_fma: x = fma(x, m, a), fixed point near 1; m and a use every mantissa bit, so that x * m
  // rounds and a separate multiply and add would give other values than the fma.
  float fma_mul = 0.999f, fma_add = 0.001f;
  std::uint32_t cvt_step = 2654435761u;  // cvt_*_f32: u += step (odd: every byte varies)
  float f2u_step = 0.0625f;              // cvt_f32_u8: f += step (ties at .5 occur)
  std::uint32_t local_step = 97;         // local_*: base += step (mod tile)
};

// What work-item `g` writes, replaying the kernel of the same name in the same order of operations.
float replay_fp32_exact(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g);
float replay_fp32_fma(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g);
float replay_cvt_u8_f32(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g);
float replay_cvt_u16_f32(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g);
std::uint32_t replay_cvt_f32_u8(const RooflineSizes& s, const RooflineArgs& a, std::uint32_t g);
float replay_local_f32(const RooflineSizes& s, const RooflineArgs& a, const std::vector<float>& src, std::uint32_t g);
std::uint32_t replay_local_u8(const RooflineSizes& s, const RooflineArgs& a, const std::vector<std::uint8_t>& src,
                              std::uint32_t g);

// The local probes' tile contents (tile_elements() values 0..255, exact in float).
std::vector<std::uint8_t> local_tile_source(const RooflineSizes& s);

// The work-items the host replays: the first, the last and evenly spaced ones between.
std::vector<std::uint32_t> sampled_work_items(std::size_t global, std::size_t count = 33);

}  // namespace filterlab::measure
