// The strip vectorisation (ICL_SIMD), its exact fast conversions (ICL_FAST_ROUND, ICL_FAST_WIDEN)
// and its rows in lockstep (ICL_LOCKSTEP) on the benchmark kernels against the oracle: strips of 4, 8 and 16 lanes, row
// segments of one strip and of several, with and without the interior split, at sizes where every
// strip is a border strip (1xN, Nx1, 2x3), where some are (odd sizes) and where most are not; plus
// mutations that prove the lanes body ran, and the source, ID and constraint rules.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "config_values.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "mutate_sources.hpp"
#include "mutated_run.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab::imagecl;

namespace {

using filterlab::test::first_values;
using filterlab::test::with;

bool has(const KernelSpace& s, const std::string& name) {
  return std::any_of(s.params.begin(), s.params.end(), [&](const SpaceParam& p) { return p.name == name; });
}

// The loop partitioning's untested range of strips, and the step of the tested strips over it.
const std::string kSteadyRange = "icl_s < icl_hi; icl_s += ICL_SIMD)",
                  kSteadyShort = "icl_s < icl_hi - ICL_SIMD; icl_s += ICL_SIMD)",
                  kPastRange = "== icl_lo ? icl_hi :", kPastRangeSkip = "== icl_lo ? icl_hi + ICL_SIMD :";

// One work-item over a whole 256-pixel row.
std::map<std::string, long> with_row_strip(std::map<std::string, long> values) {
  values["coarsen_x"] = 256;
  return values;
}

// The largest difference of conv2d_u8 from the oracle on 256 x 48 with its simd program changed by
// `from` -> `to` (every occurrence; one must exist).
double mutated_conv2d(const std::map<std::string, long>& values, const std::string& from, const std::string& to) {
  auto s = kernel_space("conv2d_u8");
  REQUIRE(filterlab::test::mutate_simd_program(s, from, to) > 0);
  return filterlab::test::max_diff_256x48(s, with(s, first_values(s), values), "conv2d_u8", "out");
}

// The same for sepconv_fused (its line-buffer path).
double mutated_fused(const std::map<std::string, long>& values, const std::string& from, const std::string& to) {
  auto s = kernel_space("sepconv_fused");
  REQUIRE(filterlab::test::mutate_simd_program(s, from, to) > 0);
  return filterlab::test::max_diff_256x48(s, with(s, first_values(s), values), "sepconv_fused", "sepconv_col_out");
}

}  // namespace

TEST_CASE("the strip vectorisation computes the benchmarks' oracle at any size, strip and segment",
          "[imagecl][opencl][simd]") {
  auto& rt = filterlab::test::runtime();
  const std::vector<std::pair<int, int>> sizes{{128, 40}, {64, 21}, {1, 37}, {37, 1}, {2, 3}, {33, 17}, {300, 9}};
  // (lanes, work-group, coarsening): one strip a row, several, segments longer than some images.
  const std::vector<std::map<std::string, long>> shapes{
      {{"simd", 4}, {"wg_x", 8}, {"wg_y", 2}, {"coarsen_x", 4}, {"coarsen_y", 1}},
      {{"simd", 8}, {"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 16}, {"coarsen_y", 2}},
      {{"simd", 16}, {"wg_x", 1}, {"wg_y", 4}, {"coarsen_x", 64}, {"coarsen_y", 2}}};
  for (const auto* name : {"sepconv", "conv2d_u8", "harris"}) {
    const auto& b = benchmark(name);
    for (const auto& shape : shapes)
      for (long interior : {0L, 1L})
        for (long fast : {0L, 1L})
          for (long lockstep : {0L, 1L}) {
            std::vector<Config> configs;
            bool any_fast = false, any_lockstep = false;
            for (const auto& k : b.kernels) {
              const auto& s = kernel_space(k);
              REQUIRE(!s.simd.define.empty());
              auto values = shape;
              values["interior"] = interior;
              for (const char* f : {"fast_round", "fast_widen"})
                if (has(s, f)) values[f] = fast, any_fast = true;
              if (has(s, "edge_lanes")) values["edge_lanes"] = fast, any_fast = true;  // with fast: half the runs
              if (has(s, "lockstep")) values["lockstep"] = lockstep, any_lockstep = true;
              configs.push_back(with(s, first_values(s), values));
              INFO(config_id(s, configs.back()));
              REQUIRE(uses_simd(s, configs.back()));
              REQUIRE(violation(s, configs.back(), rt.device.info).empty());
            }
            // Nothing to replace or to run in lockstep: the same configurations again.
            if ((fast && !any_fast) || (lockstep && !any_lockstep)) continue;
            for (const auto& [w, h] : sizes) {
              const auto input = benchmark_input(w, h, 6);
              const auto o = check_benchmark(rt, b, configs, input);
              INFO(w << "x" << h << " " << o.ids.front() << (o.ids.size() > 1 ? " + " + o.ids.back() : std::string())
                     << ": " << o.where);
              CHECK(o.max_diff <= o.tolerance);
            }
          }
  }
}

TEST_CASE("mutations of the lanes body and the fast conversions are caught (those paths ran)",
          "[imagecl][opencl][simd]") {
  const std::map<std::string, long> strips{{"simd", 16}, {"wg_x", 1}, {"wg_y", 4}, {"coarsen_x", 64}, {"coarsen_y", 2}};
  auto fast = strips, plain = strips;
  fast["fast_round"] = fast["fast_widen"] = 1;
  // The lanes' widening one off: caught with the plain conversions, unused with the fast ones.
  CHECK(mutated_conv2d(plain, "#define ICL_VWIDEN(U) ICL_LANES(convert_float)(U)",
                       "#define ICL_VWIDEN(U) (ICL_LANES(convert_float)(U) + 1.0f)") > 0.0);
  CHECK(mutated_conv2d(fast, "#define ICL_VWIDEN(U) ICL_LANES(convert_float)(U)",
                       "#define ICL_VWIDEN(U) (ICL_LANES(convert_float)(U) + 1.0f)") == 0.0);
  // The fast rounding's magic number one off: caught with the switch, unused without it.
  CHECK(mutated_conv2d(fast, "+ 8388608.0f) - 0x4B000000u)", "+ 8388608.0f) - 0x4AFFFFFFu)") > 0.0);
  CHECK(mutated_conv2d(plain, "+ 8388608.0f) - 0x4B000000u)", "+ 8388608.0f) - 0x4AFFFFFFu)") == 0.0);
  // The lanes' stores one strip-row off in y: the per-pixel border path cannot hide it.
  CHECK(mutated_conv2d(plain, "= (ICL_LANES(uchar))(v)))", "= (ICL_LANES(uchar))(v) + (uchar)1))") > 0.0);
  // Edge lanes: the gather of an edge strip reads its first pixel in every lane: caught with the
  // switch, unused without it.
  auto edge = plain;
  edge["edge_lanes"] = 1;
  const std::string gather = "icl_get_in(in, icl_w, icl_h, icl_x + icl_l, icl_y)",
                    first = "icl_get_in(in, icl_w, icl_h, icl_x, icl_y)";
  CHECK(mutated_conv2d(edge, gather, first) > 0.0);
  CHECK(mutated_conv2d(plain, gather, first) == 0.0);
  // Loop partitioning: the untested range one strip short; and, with one work-item a row (tested
  // strips at both ends), the tested strips skipping the one past the range.
  CHECK(mutated_conv2d(plain, kSteadyRange, kSteadyShort) > 0.0);
  CHECK(mutated_conv2d(with_row_strip(plain), kPastRange, kPastRangeSkip) > 0.0);
  // The rows in lockstep read their second row's stencil one row low: caught in lockstep, unused
  // without it.
  auto lockstep = plain;
  lockstep["lockstep"] = 1;
  const std::string row = "const int idy = ICL_IDY(icl_q);", low = "const int idy = ICL_IDY(icl_q) + (icl_q > 0);";
  CHECK(mutated_conv2d(lockstep, row, low) > 0.0);
  CHECK(mutated_conv2d(plain, row, low) == 0.0);
}

TEST_CASE("the strip vectorisation: its own source, left out of IDs and options when off, its constraints",
          "[imagecl][simd]") {
  const auto& s = kernel_space("conv2d_u8");
  REQUIRE(s.simd.opencl.find("#if ICL_SIMD") != std::string::npos);
  for (const char* d : {"ICL_SIMD", "ICL_FAST_ROUND", "ICL_FAST_WIDEN", "ICL_LOCKSTEP", "ICL_EDGE_LANES"}) {
    CHECK(s.opencl.find(d) == std::string::npos);  // the kernel's own program is unchanged
    CHECK(s.row_split.opencl.find(d) == std::string::npos);
  }
  const auto off = with(s, first_values(s), {{"coarsen_x", 16}});
  const auto on = with(s, off, {{"simd", 8}, {"fast_round", 1}, {"fast_widen", 1}});
  CHECK(config_id(s, off).find("simd") == std::string::npos);
  CHECK(build_options(s, off).find("ICL_SIMD") == std::string::npos);
  CHECK(build_options(s, off).find("ICL_FAST") == std::string::npos);
  CHECK(config_id(s, on).find("/simd8/fast_round1/fast_widen1") != std::string::npos);
  CHECK(build_options(s, on).find("-DICL_SIMD=8 -DICL_FAST_ROUND=1 -DICL_FAST_WIDEN=1") != std::string::npos);
  CHECK(parse_config_id(s, config_id(s, on)) == on);
  CHECK(program_file(s, on) == "imagecl/conv2d_u8.simd.cl");
  CHECK(program_text(s, on) == s.simd.opencl);
  filterlab::ocl::DeviceInfo dev;
  dev.max_work_group_size = 1024, dev.local_mem_bytes = 65536, dev.constant_mem_bytes = 65536, dev.image_support = true;
  CHECK(violation(s, on, dev).empty());
  const auto why = [&](const std::map<std::string, long>& v) { return violation(s, with(s, on, v), dev); };
  CHECK(why({{"interleaved", 1}}).find("simd 8 needs interleaved 0") != std::string::npos);
  CHECK(why({{"coarsen_x", 4}}).find("needs coarsen_x a multiple of 8") != std::string::npos);
  CHECK(why({{"row_split", 1}}).find("exclude each other") != std::string::npos);
  CHECK(why({{"local_in", 1}}).find("needs local memory off") != std::string::npos);
  CHECK(why({{"image_in", 1}}).find("needs image memory off for in") != std::string::npos);
  CHECK(why({{"window_in", 1}}).find("window_in 1 exclude each other") != std::string::npos);
  CHECK(why({{"vector_out", 4}}).find("vector_out > 1 exclude each other") != std::string::npos);
  CHECK(why({{"simd", 0}}).find("fast_round 1 needs simd > 0") != std::string::npos);
  CHECK(why({{"simd", 0}, {"fast_round", 0}, {"fast_widen", 0}, {"lockstep", 1}}).find("lockstep 1 needs simd > 0") !=
        std::string::npos);
  const auto locked = with(s, on, {{"lockstep", 1}});
  CHECK(config_id(s, locked).find("/fast_widen1/lockstep1") != std::string::npos);
  CHECK(build_options(s, locked).find("-DICL_LOCKSTEP=1") != std::string::npos);
  CHECK(config_id(s, on).find("lockstep") == std::string::npos);
  // Harris's bodies declare several row locals in one statement: no lockstep offered.
  CHECK(!has(kernel_space("harris_sobel"), "lockstep"));
  CHECK(has(kernel_space("sepconv_row"), "lockstep"));
}

TEST_CASE("the fused pipelines' line buffers compute the oracle at any size, strip and segment",
          "[imagecl][opencl][simd][fusion]") {
  auto& rt = filterlab::test::runtime();
  const std::vector<std::pair<int, int>> sizes{{128, 40}, {64, 21}, {1, 37}, {37, 1}, {2, 3}, {33, 17}, {300, 9}};
  // (lanes, work-group, coarsening): rows shorter than a strip plus the halo, several strips, long rows.
  const std::vector<std::map<std::string, long>> shapes{
      {{"simd", 4}, {"wg_x", 8}, {"wg_y", 2}, {"coarsen_x", 4}, {"coarsen_y", 1}},
      {{"simd", 8}, {"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 16}, {"coarsen_y", 2}},
      {{"simd", 16}, {"wg_x", 1}, {"wg_y", 4}, {"coarsen_x", 64}, {"coarsen_y", 8}}};
  for (const auto* name : {"sepconv_fused", "harris_fused"}) {
    const auto& b = benchmark(name);
    const auto& s = kernel_space(b.kernels.front());
    REQUIRE(!s.simd.define.empty());
    for (const auto& shape : shapes)
      for (long interior : {0L, 1L}) {
        auto values = shape;
        values["interior"] = interior;
        const auto c = with(s, first_values(s), values);
        INFO(config_id(s, c));
        REQUIRE(uses_simd(s, c));
        REQUIRE(violation(s, c, rt.device.info).empty());
        CHECK(local_bytes(s, c) == 0);  // the intermediates live in the line buffers
        for (const auto& [w, h] : sizes) {
          const auto o = check_benchmark(rt, b, {c}, benchmark_input(w, h, 6));
          INFO(w << "x" << h << ": " << o.where);
          CHECK(o.max_diff <= o.tolerance);
        }
      }
  }
}

TEST_CASE("mutations of the line-buffer path are caught (its lanes and per-cell paths ran)",
          "[imagecl][opencl][simd][fusion]") {
  const std::map<std::string, long> strips{{"simd", 16},      {"wg_x", 1},      {"wg_y", 4},
                                           {"coarsen_x", 64}, {"coarsen_y", 2}, {"interior", 1}};
  // The producer's lanes into the ring, its cells at the border, the consumer's lanes from the ring.
  CHECK(mutated_fused(strips, "icl_lb_in[icl_slot][icl_lx] = (ICL_LANES(float))(V)))",
                      "icl_lb_in[icl_slot][icl_lx] = (ICL_LANES(float))(V) + 1.0f))") > 0.0);
  CHECK(mutated_fused(strips, "(icl_lb_in[icl_slot][icl_c] = (V))", "(icl_lb_in[icl_slot][icl_c] = (V) + 1.0f)") > 0.0);
  CHECK(mutated_fused(strips, "icl_q0][(X) - icl_lx0])", "icl_q0][(X) - icl_lx0] + 1.0f)") > 0.0);
  CHECK(mutated_fused(strips, kSteadyRange, kSteadyShort) > 0.0);
  CHECK(mutated_fused(with_row_strip(strips), kPastRange, kPastRangeSkip) > 0.0);
}

TEST_CASE("the line-buffer path: its own source, its constraints", "[imagecl][simd][fusion]") {
  const auto& s = kernel_space("sepconv_fused");
  REQUIRE(s.simd.opencl.find("#if ICL_SIMD") != std::string::npos);
  CHECK(s.opencl.find("ICL_SIMD") == std::string::npos);  // the kernel's own programs are unchanged
  CHECK(s.fill_window.opencl.find("ICL_SIMD") == std::string::npos);
  const auto off = with(s, first_values(s), {{"coarsen_x", 16}});
  const auto on = with(s, off, {{"simd", 8}});
  CHECK(config_id(s, off).find("simd") == std::string::npos);
  CHECK(build_options(s, off).find("ICL_SIMD") == std::string::npos);
  CHECK(config_id(s, on).find("/simd8") != std::string::npos);
  CHECK(program_file(s, on) == "imagecl/sepconv_fused.simd.cl");
  filterlab::ocl::DeviceInfo dev;
  dev.max_work_group_size = 1024, dev.local_mem_bytes = 65536, dev.constant_mem_bytes = 65536, dev.image_support = true;
  CHECK(violation(s, on, dev).empty());
  CHECK(local_bytes(s, off) > 0);
  CHECK(local_bytes(s, on) == 0);
  const auto why = [&](const std::map<std::string, long>& v) { return violation(s, with(s, on, v), dev); };
  CHECK(why({{"interleaved", 1}}).find("simd 8 needs interleaved 0") != std::string::npos);
  CHECK(why({{"coarsen_x", 4}}).find("needs coarsen_x a multiple of 8") != std::string::npos);
  CHECK(why({{"private_tile", 1}}).find("private_tile 1 exclude each other") != std::string::npos);
  CHECK(why({{"image_sepconv_row_in", 1}}).find("needs image memory off") != std::string::npos);
  // The rings count against a work-group's private memory: 256 x 64 work-items of 5 rows of 256 floats.
  CHECK(why({{"wg_x", 256}, {"wg_y", 4}, {"coarsen_x", 256}}).find("bytes >") != std::string::npos);
}
