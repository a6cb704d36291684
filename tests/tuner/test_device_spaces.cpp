// The adapters end to end on the test device (PoCL here): a handful of configurations of a real
// ImageCL kernel and Study 4's designs, each built, checked against the oracle and timed.
#include <catch2/catch.hpp>

#include "families/gradient/scharr_space.hpp"
#include "families/tiled/tiled_space.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "opencl_fixture.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/imagecl_subspace.hpp"
#include "tuner/replay_space.hpp"
#include "tuner/spaces.hpp"
#include "tuner/strategy.hpp"

using namespace filterlab;

namespace {
// Four configurations of harris_response (the two-kernel benchmark: harris_sobel runs at its
// baseline first): work-group width and local memory for dx and dy, on an odd-sized image.
tuner::SubSpace small_harris() {
  return {"sub",
          "harris_response",
          "test",
          {{"wg_x", {"wg_x"}, {8, 16}}, {"local_dxdy", {"local_dx", "local_dy"}, {0, 1}}},
          {{"wg_y", 4},
           {"coarsen_x", 2},
           {"coarsen_y", 1},
           {"interleaved", 1},
           {"image_dx", 0},
           {"image_dy", 0},
           {"image_dst", 0},
           {"unroll_0", -1},
           {"unroll_1", -1},
           {"interior", 0},
           {"window_dx", 0},
           {"vector_dx", 1},
           {"window_dy", 0},
           {"vector_dy", 1},
           {"vector_dst", 1}}};
}
// Every point of `space` evaluated once (an exhaustive search kept in memory): the trace.
std::vector<tuner::Step> exhaustive_trace(tuner::Space& space) {
  tuner::EvalCache memory("", tuner::cache_header(space, {}));
  tuner::Evaluator ev(space, memory);
  tuner::run_strategy("exhaustive", ev, 0, 1);
  return ev.trace();
}
}  // namespace

TEST_CASE("a small ImageCL sub-space is evaluated end to end on the device") {
  auto& rt = test::runtime();
  const auto sub = small_harris();
  tuner::ImageclSpace space(&rt, rt.device.info, "harris_response", &sub, {37, 1, 2});
  CHECK(space.setup() == "37x37 warmup 1 repetitions 2");
  const auto trace = exhaustive_trace(space);
  REQUIRE(trace.size() == 4);
  for (const auto& s : trace) {
    INFO(s.id << ": " << s.m.reason);
    CHECK(s.m.valid());
    CHECK(s.m.time_ms > 0.0);
    CHECK(s.m.samples_ms.size() == 2);
    CHECK(s.id == imagecl::config_id(space.kernel_space(), space.config(s.m.point)));
  }
  CHECK(trace[3].id ==
        "imagecl.harris_response/wg16x4/c2x1/il1/image_dx0/image_dy0/image_dst0/local_dx1/local_dy1/unroll_0x2/"
        "unroll_1x2");
}

TEST_CASE("extra build options reach every build and the check, and name the setup") {
  auto& rt = test::runtime();
  const auto sub = small_harris();
  tuner::TimingSetup timing{37, 1, 2};
  timing.extra_build_options = "-DFILTERLAB_EXTRA_PROBE=1 -cl-mad-enable";
  tuner::ImageclSpace space(&rt, rt.device.info, "harris_response", &sub, timing);
  CHECK(space.setup() == "37x37 warmup 1 repetitions 2 build options -DFILTERLAB_EXTRA_PROBE=1 -cl-mad-enable");
  const auto trace = exhaustive_trace(space);
  REQUIRE(trace.size() == 4);
  for (const auto& s : trace) {
    INFO(s.id << ": " << s.m.reason);
    CHECK(s.m.valid());  // the oracle judged the build with the extra options (within Harris's bound)
  }
  const imagecl::Launcher l(rt, space.kernel_space(), space.config(trace[0].m.point), timing.extra_build_options);
  CHECK(l.options().size() > timing.extra_build_options.size());
  CHECK(l.options().substr(l.options().size() - timing.extra_build_options.size()) == timing.extra_build_options);
  // A build option the compiler refuses fails the build, recorded as such.
  timing.extra_build_options = "-cl-no-such-option";
  tuner::ImageclSpace bad(&rt, rt.device.info, "harris_response", &sub, timing);
  const auto refused = exhaustive_trace(bad);
  REQUIRE(!refused.empty());
  CHECK_FALSE(refused[0].m.valid());
  // A hand-written space takes none: make_space refuses them rather than drop them.
  tuner::SpaceSettings settings;
  settings.extra_build_options = "-cl-mad-enable";
  CHECK_THROWS_WITH(tuner::make_space(tuner::kTiledSpace, rt, settings), Catch::Contains("ImageCL spaces only"));
}

TEST_CASE("a configuration beyond the device's limits is recorded as a constraint without running") {
  auto& rt = test::runtime();
  auto small = rt.device.info;
  small.max_work_group_size = 32;  // a device that takes only 32 work-items per group
  const auto sub = small_harris();
  tuner::ImageclSpace space(&rt, small, "harris_response", &sub, {37, 1, 2});
  const auto m = space.evaluate({16, 0});  // 16 x 4 = 64 work-items
  CHECK(m.invalid == tuner::Invalid::kConstraint);
  CHECK_THAT(m.reason, Catch::Contains("work-group of 64 work-items > the device's 32"));
  CHECK(tuner::valid_points(space).size() == 2);
}

TEST_CASE("the documented sub-spaces hold a few hundred valid configurations, the wide ones over a thousand") {
  auto& rt = test::runtime();
  tuner::SpaceSettings settings;
  for (const auto& name : tuner::space_names()) {
    auto space = tuner::make_space(name, rt, settings);
    const auto n = tuner::valid_points(*space).size();
    INFO(name);
    if (name == tuner::kTiledSpace) {
      CHECK(n == 5);
    } else if (name == tuner::kScharrSpace) {  // every family on each storage it supports, 3 x 2 work-groups
      std::size_t want = 0;
      for (const auto& f : scharr_families()) want += f.storages().size() * 6;
      CHECK(n == want);
    } else if (name.size() > 5 && name.compare(name.size() - 5, 5, ":wide") == 0) {
      // 4 x 5 work-groups, 3 x 3 coarsenings, 2 mappings, 2 x 2 memory switches; only groups over the
      // device's work-item limit or local memory may drop out
      CHECK(n <= 1440);
      CHECK(n >= 1000);
    } else if ((name.size() > 5 && name.compare(name.size() - 5, 5, ":regs") == 0) ||
               (name.size() > 6 && name.compare(name.size() - 6, 6, ":slide") == 0)) {
      // 3 x 3 work-groups, 3 x 4 coarsenings, 3 vector widths: coarsen_x 4 with vectors of 8 or 16
      // (72) and coarsen_x 8 with vectors of 16 (36), and groups over the device's limits or
      // windows over their bounds drop out (sliding rows keep fewer rows: fewer windows do)
      CHECK(n < 324 - 72 - 36 + 1);
      CHECK(n >= 150);
    } else if (name.size() > 7 && name.compare(name.size() - 7, 7, ":staged") == 0) {
      // 3 x 2 work-groups, 3 x 3 coarsenings, 2 mappings, image memory and the tile's type: 432
      // points; only local memory may drop some
      CHECK(n <= 432);
      CHECK(n >= 300);
    } else if (name.size() > 8 && name.compare(name.size() - 8, 8, ":private") == 0) {
      // 3 x 4 work-groups (at most 1024 work-items), 3 x 3 coarsenings: every point's tiles fit
      CHECK(n == 108);
    } else if (name.size() > 7 && name.compare(name.size() - 7, 7, ":window") == 0) {
      // 2 x 3 work-groups, 4 x 3 coarsenings, the fill's window off and on: every point's tiles and
      // windows fit
      CHECK(n == 144);
    } else if (name.size() > 5 && name.compare(name.size() - 5, 5, ":rows") == 0) {
      // 2 x 2 work-groups of at most 16 work-items, 3 x 2 coarsenings, the row split off and on:
      // blocked mapping and buffers, nothing a device limits
      CHECK(n == 48);
    } else if (name.size() > 5 && name.compare(name.size() - 5, 5, ":simd") == 0) {
      // 2 work-groups of at most 4 work-items, 3 x 2 coarsenings, 8 and 16 lanes, x 2 for the rows in
      // lockstep (not Harris's kernels), x 2 for edge lanes, x 2 for the 8-bit convolution's fast
      // conversions; the fused pipelines: 3 x 4 taller blocks, neither lockstep nor edge lanes.
      // Blocked mapping and buffers, nothing a device limits
      const bool harris = name == "imagecl.harris_sobel:simd" || name == "imagecl.harris_response:simd";
      const bool fused = name == "imagecl.sepconv_fused:simd" || name == "imagecl.harris_fused:simd";
      CHECK(n == (name == "imagecl.conv2d_u8:simd" ? 192 : harris ? 48 : fused ? 48 : 96));
    } else {
      CHECK(n == 192);
    }
  }
}

TEST_CASE("Study 4's designs form a hand-written space evaluated end to end") {
  auto& rt = test::runtime();
  tuner::TiledSpace space(&rt, {64, 1, 2});
  tuner::EvalCache memory("", tuner::cache_header(space, {}));
  tuner::Evaluator ev(space, memory);
  tuner::run_strategy("exhaustive", ev, 0, 1);
  REQUIRE(ev.trace().size() == 5);
  for (const auto& s : ev.trace()) {
    INFO(s.id << ": " << s.m.reason);
    CHECK(s.m.valid());
  }
  CHECK(ev.trace()[3].id == "tiled.amd/k5/wg8x8");
}

TEST_CASE("Study 1's families on all four storages form a hand-written space evaluated end to end") {
  auto& rt = test::runtime();
  tuner::ScharrSpace space(&rt, 67, 45, {0, 1, 2});
  std::size_t single = 0;
  for (std::size_t i = 0; i < scharr_families().size(); ++i)
    if (std::string(scharr_families()[i].name) == "scharr.single") single = i;
  tuner::EvalCache memory("", tuner::cache_header(space, {}));
  tuner::Evaluator ev(space, memory);
  for (long storage = 0; storage < 4; ++storage) {
    const auto& m = ev.evaluate({static_cast<long>(single), storage, 16, 8});
    INFO(ev.trace().back().id << ": " << m.reason);
    CHECK(m.valid());
    CHECK(m.time_ms > 0.0);
  }
  CHECK(ev.trace()[0].id == "scharr.single/images/k5/wg16x8");
  CHECK(ev.trace()[3].id == "scharr.single/cubes/k5/wg16x8");
  // A family that runs on one buffer only refuses the other storages before anything runs.
  for (std::size_t i = 0; i < scharr_families().size(); ++i)
    if (scharr_families()[i].one_launch)
      CHECK_THAT(space.violation({static_cast<long>(i), 0, 16, 8}), Catch::Contains("does not run on images"));
}

TEST_CASE("the larger sub-spaces, run on GPUs by default, are known by their kind") {
  for (const char* name : {"imagecl.conv2d_u8:wide", "imagecl.conv2d_u8:regs", "imagecl.conv2d_u8:slide",
                           "imagecl.conv2d_u8:staged", "imagecl.sepconv_fused:private", "imagecl.harris_fused:window"})
    CHECK(tuner::is_large_subspace(name));
  for (const char* name :
       {"imagecl.conv2d_u8:sub", "imagecl.sepconv_fused:split", "imagecl.conv2d_u8", "study4.tiled_k5"})
    CHECK_FALSE(tuner::is_large_subspace(name));
}

TEST_CASE("the rows sub-spaces, run on CPUs by default, are known by their kind") {
  for (const char* name : {"imagecl.conv2d_u8:rows", "imagecl.sepconv_row:rows", "imagecl.sepconv_col:rows"}) {
    CHECK(tuner::is_cpu_subspace(name));
    CHECK_FALSE(tuner::is_large_subspace(name));
  }
  for (const char* name : {"imagecl.conv2d_u8:regs", "imagecl.conv2d_u8", "study4.tiled_k5"})
    CHECK_FALSE(tuner::is_cpu_subspace(name));
  CHECK_FALSE(tuner::has_imagecl_subspace("sepconv_fused", "rows"));  // fused kernels have no row split
}
