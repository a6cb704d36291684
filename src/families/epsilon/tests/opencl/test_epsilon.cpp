// Study 5: every epsilon step against the oracle on awkward sizes and several thresholds (integer
// steps bit-exact, the float naive step by the rule of reference/tolerances.hpp), and mutants
// showing that the comparison, the poisoned output and the rule can fail.
#include <catch2/catch.hpp>
#include <filesystem>

#include "families/epsilon/epsilon_runner.hpp"
#include "families/epsilon/epsilon_verify.hpp"
#include "ocl/program.hpp"
#include "reference/epsilon.hpp"
#include "tests/opencl/opencl_fixture.hpp"

using namespace filterlab;
namespace fs = std::filesystem;

namespace {

void step_matches_oracle(const std::string& step) {
  const auto v = epsilon_variant(step);
  const auto r = verify_epsilon(test::runtime(), v);
  INFO(v.id() << ": " << r.failure);
  CHECK(r.passed);
  CHECK(r.cases == epsilon_test_images(1).size() * epsilon_test_thresholds().size());
  if (v.traits().float_math)
    CHECK(r.max_abs_diff <= 1);
  else
    CHECK(r.max_abs_diff == 0);  // bit-exact
}

bool mutant_passes(const std::string& step, const std::string& from, const std::string& to) {
  const auto dir = test::mutated_kernels("epsilon/epsilon.cl", from, to);
  ocl::set_kernel_dir(dir.string());
  bool passed = true;
  try {
    passed = verify_epsilon(test::runtime(), epsilon_variant(step)).passed;
  } catch (...) {
    ocl::set_kernel_dir("");
    throw;
  }
  ocl::set_kernel_dir("");
  fs::remove_all(dir);
  return passed;
}

}  // namespace

// Every step passes the oracle in the registry-wide `opencl:verify` shards; here, what verify
// reports for a float and an integer step.
TEST_CASE("verify_epsilon checks every image x threshold: the float step within one level, an integer step exactly",
          "[epsilon][opencl]") {
  step_matches_oracle("naive");
  step_matches_oracle("step2");
}

TEST_CASE("the naive float step differs from the oracle only where the rule allows", "[epsilon][opencl]") {
  // Which pixels may differ, and why: the float mean lands on the other side of a half grey level
  // (exact halves: round-to-nearest-even vs half up). The test data has such pixels, so the
  // allowance is exercised, and an exact comparison of the same output fails.
  auto& rt = test::runtime();
  const auto v = epsilon_variant("naive");
  std::size_t differing = 0, exact_mismatches = 0;
  for (const auto& img : epsilon_test_images(20261122)) {
    for (int t : epsilon_test_thresholds()) {
      const auto got = apply_epsilon(rt, v, img, t);
      const auto want = ref::epsilon_filter(img, t);
      const auto ruled = compare_epsilon(got, want, img, t, true);
      INFO(img.width << "x" << img.height << " T=" << t << ": " << ruled.describe());
      CHECK(ruled.passed());
      CHECK(ruled.max_abs_diff <= 1);
      differing += ruled.differing;
      exact_mismatches += compare_epsilon(got, want, img, t, false).mismatches;
    }
  }
  CHECK(differing > 0);
  CHECK(exact_mismatches == differing);
}

TEST_CASE("the float rule rejects a one-level difference away from a half", "[epsilon]") {
  // 3x1 image [10, 20, 30], T = 255: around x = 1 the window holds 10 x4, 20 x1, 30 x4 per row
  // (sum 9 * 180, count 81: mean 20 exactly), far from any half: a result of 21 is a mismatch.
  ref::Plane8 img(3, 1);
  img.px = {10, 20, 30};
  const auto want = ref::epsilon_filter(img, 255);
  REQUIRE(want.at(1, 0) == 20);
  auto got = want;
  got.at(1, 0) = 21;
  CHECK(compare_epsilon(got, want, img, 255, true).mismatches == 1);
  CHECK(compare_epsilon(want, want, img, 255, true).passed());
}

TEST_CASE("an integer step that leaves the last pixels of a row unwritten is caught", "[epsilon][mutation][opencl]") {
  // Widths that are not multiples of 4 end in a partial group; skipping its third pixel leaves the
  // poison in place.
  CHECK_FALSE(mutant_passes("step2", "if (x + 2 < width) dst[y * width + x + 2] = out.s2;", ""));
}

TEST_CASE("a threshold off by one is caught", "[epsilon][mutation][opencl]") {
  CHECK_FALSE(mutant_passes("step5b", "abs_diff(c, p) <= t);", "abs_diff(c, p) <= t + (ushort)1);"));
}

TEST_CASE("truncating instead of rounding the mean is caught", "[epsilon][mutation][opencl]") {
  CHECK_FALSE(mutant_passes("step3b", "(s + n / 2) / n", "s / n"));
}

TEST_CASE("a local tile copied one row short is caught", "[epsilon][mutation][opencl]") {
  CHECK_FALSE(mutant_passes("step4b", "i < TILE_W * TILE_H;", "i < TILE_W * (TILE_H - 1);"));
}
