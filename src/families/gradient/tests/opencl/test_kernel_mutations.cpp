// Mutation tests: a kernel with a deliberate bug, loaded through the development override
// directory, must fail verification. Shows that the oracle tests can fail for the bugs that local
// memory invites (a tile copied incompletely).
#include <catch2/catch.hpp>
#include <filesystem>

#include "families/gradient/gradient_verify.hpp"
#include "ocl/program.hpp"
#include "tests/opencl/opencl_fixture.hpp"

using namespace filterlab;
namespace fs = std::filesystem;

namespace {

bool mutant_passes(const GradientVariant& v, const std::string& from, const std::string& to) {
  const auto dir = test::mutated_kernels("scharr/gradient.cl", from, to);
  ocl::set_kernel_dir(dir.string());
  bool passed = true;
  try {
    passed = verify_gradient_variant(test::runtime(), v, ref::Border::Reflect101).passed;
  } catch (...) {
    ocl::set_kernel_dir("");
    throw;
  }
  ocl::set_kernel_dir("");
  fs::remove_all(dir);
  return passed;
}

}  // namespace

TEST_CASE("a remap copy that misses the tile's last pixel is caught", "[mutation][opencl]") {
  CHECK_FALSE(mutant_passes(make_variant("scharr.local_remap", "buffer", 5), "i < TILE_W * TILE_H;",
                            "i < TILE_W * TILE_H - 1;"));
}

TEST_CASE("a two-loop copy that misses the tile's last row is caught", "[mutation][opencl]") {
  CHECK_FALSE(mutant_passes(make_variant("scharr.local_2loop", "images", 3), "ty < TILE_H;", "ty < TILE_H - 1;"));
}

TEST_CASE("a local tile read off by one column is caught", "[mutation][opencl]") {
  CHECK_FALSE(mutant_passes(make_variant("scharr.double_predefined_local", "buffer", 9), "(lx + RADIUS + (dx))",
                            "(lx + RADIUS + (dx) + 1)"));
}

TEST_CASE("a one-launch variant that takes the wrong level is caught", "[mutation][opencl]") {
  CHECK_FALSE(mutant_passes(make_variant("scharr.double_predefined_rows8_onelaunch", "buffer", 5, 256, 1),
                            "lvl = t >= levels[4 * i + 3] ? i : lvl;", "lvl = t > levels[4 * i + 3] ? i : lvl;"));
}
