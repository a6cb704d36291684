// The benchmark suite's timed runs (FilterVariant::timed_run): for the first variant and case of
// every registered family, one run on an odd-sized image matches the oracle, returns events whose
// span is a positive time, and states its traffic; before any run the poisoned output fails.
#include <catch2/catch.hpp>

#include "families/family.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;

namespace {
constexpr int kW = 37, kH = 23;
}

TEST_CASE("every family's timed run matches the oracle on an odd-sized image", "[timed_run]") {
  auto& rt = test::runtime();
  int timed = 0;
  for (const auto& family : filter_families()) {
    const auto variants = family->variants();
    REQUIRE_FALSE(variants.empty());
    const auto& v = variants.front();
    const auto run = v->timed_run(rt, kW, kH, v->verify_cases().front());
    if (!run) continue;  // e.g. the pyramid checks: nothing that filters one image
    ++timed;
    INFO(v->id());
    const auto events = run->enqueue();
    REQUIRE_FALSE(events.empty());
    rt.queue.finish();
    const auto start = events.front().getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = events.back().getProfilingInfo<CL_PROFILING_COMMAND_END>();
    CHECK(end > start);
    CHECK(run->check() == "");
    CHECK(run->pixels() == kW * kH);
    CHECK(run->min_bytes() >= 2.0 * kW * kH);  // at least a byte read and one written per pixel
  }
  CHECK(timed >= 4);  // scharr, tiled, epsilon, imagecl
}

TEST_CASE("a timed run's check fails on the poisoned output before any run", "[timed_run]") {
  auto& rt = test::runtime();
  for (const char* id : {"scharr.single/buffer/k3/wg16x16", "scharr.separable/images/k5/wg16x16", "tiled.amd/k5/wg8x8",
                         "epsilon.step2/k9/wg16x16"}) {
    const auto found = registered_filter_variants(id);
    REQUIRE(found.size() == 1);
    INFO(id);
    const auto run = found.front()->timed_run(rt, kW, kH, found.front()->verify_cases().back());
    REQUIRE(run);
    CHECK(run->check() != "");
    run->enqueue();
    CHECK(run->check() == "");
  }
}
