// Study 4 on a real OpenCL device: every design x size x border against the ROI oracle with a
// poisoned target; the tiled kernel's group classes and the counted accesses against hand
// derivations; mutants (a wrong class rule, an unchecked write) that must be caught.
#include <catch2/catch.hpp>
#include <filesystem>

#include "families/tiled/tiled_runner.hpp"
#include "families/tiled/tiled_verify.hpp"
#include "ocl/program.hpp"
#include "tests/opencl/opencl_fixture.hpp"

using namespace filterlab;
namespace fs = std::filesystem;

namespace {

TiledCounts counted(const TiledVariant& v, int src_w, int src_h, ref::Roi sroi, int dst_w, int dst_h, ref::Roi troi,
                    ref::Border b = ref::Border::Reflect101) {
  auto& rt = test::runtime();
  TiledRunner runner(rt, v, b, 0.0f, true);
  const auto src = upload_image(rt, ref::Image(src_w, src_h, 1.0f), "src");
  auto dst = upload_image(rt, ref::Image(dst_w, dst_h), "dst");
  return runner.count(src, sroi, dst, troi);
}

}  // namespace

TEST_CASE("the tiled kernel assigns the classes the paper defines (counted in the kernel, against a hand count)",
          "[tiled][opencl]") {
  // 100x100 ROI, 3x3: tiles at 0, 32, 64, 96 per axis. Free on write (t + 32 <= 100): 0, 32, 64;
  // free on read (t >= 1 and t + 33 <= 100): 32, 64. So 4 groups free on both, 9 - 4 = 5 free on
  // write only, none free on read only, 16 - 9 = 7 neither.
  const auto c = counted(make_tiled_variant("tiled.amd", 3), 120, 110, {10, 5, 100, 100}, 100, 100, {0, 0, 100, 100});
  CHECK(c.by_class[3][kGroups] == 4);
  CHECK(c.by_class[2][kGroups] == 5);
  CHECK(c.by_class[1][kGroups] == 0);
  CHECK(c.by_class[0][kGroups] == 7);
  const auto h = tiled_class_counts(100, 100, 1);
  CHECK(h.groups[3] == 4);
  CHECK(h.groups[0] == 7);
  // 64x200 ROI, 9x9 (radius 4): no tile is free on read (32 + 32 + 4 > 64); free on write: 2 x 6.
  const auto c9 =
      counted(make_tiled_variant("tiled.amd_broadcast", 9), 64, 200, {0, 0, 64, 200}, 64, 200, {0, 0, 64, 200});
  CHECK(c9.by_class[2][kGroups] == 12);
  CHECK(c9.by_class[0][kGroups] == 2);
  CHECK(c9.by_class[1][kGroups] + c9.by_class[3][kGroups] == 0);
}

TEST_CASE("counted accesses of groups free on read and write equal the derivation from the kernel's structure",
          "[tiled][opencl]") {
  for (int k : {3, 5, 9}) {
    CAPTURE(k);
    const std::uint64_t r = static_cast<std::uint64_t>(k / 2), ops = 2 * static_cast<std::uint64_t>(k) - 1,
                        roww = 4 + 2 * r;
    const auto c =
        counted(make_tiled_variant("tiled.amd", k), 200, 200, {20, 20, 128, 128}, 128, 128, {0, 0, 128, 128});
    const auto& f = c.by_class[3];
    const std::uint64_t groups = f[kGroups];
    REQUIRE(groups == 4);  // tiles at 32 and 64 on each axis
    // Per group: 64 work-items fetch 4 rows of 4+2r; the 16 on the top and bottom edges r more rows each.
    CHECK(f[kGlobalReads] == groups * (64 * 4 * roww + 16 * r * roww));
    CHECK(f[kGlobalWrites] == groups * 1024);
    std::uint64_t shared_rows = 0, reads_from_neighbours = 0;
    for (std::uint64_t i = 0; i < 4; ++i) {
      shared_rows += (i < r || i >= 4 - std::min<std::uint64_t>(r, 4)) ? 1 : 0;
      for (std::uint64_t t = 0; t < static_cast<std::uint64_t>(k); ++t) {
        const long long row = static_cast<long long>(i + t) - static_cast<long long>(r);
        reads_from_neighbours += (row < 0 || row > 3) ? 4 : 0;
      }
    }
    CHECK(f[kLocalWrites] == groups * (64 * 4 * shared_rows + 16 * r * 4));
    CHECK(f[kLocalReads] == groups * 64 * reads_from_neighbours);
    CHECK(f[kArithmetic] == groups * (64 * (16 + 16) * ops + 16 * r * 4 * ops));
    // Naive: K*K reads, 1 write and K+1 filters per pixel (reflect101 reads even outside the ROI).
    const auto n = counted(make_tiled_variant("tiled.naive", k), 50, 40, {1, 2, 45, 33}, 45, 33, {0, 0, 45, 33});
    CHECK(n.total(kGlobalReads) == 45u * 33u * static_cast<std::uint64_t>(k * k));
    CHECK(n.total(kGlobalWrites) == 45u * 33u);
    CHECK(n.total(kArithmetic) == 45u * 33u * (static_cast<std::uint64_t>(k) + 1) * ops);
    // Two-pass: K reads, 1 write, one filter per pixel and pass.
    const auto t = counted(make_tiled_variant("tiled.twopass", k), 50, 40, {1, 2, 45, 33}, 45, 33, {0, 0, 45, 33});
    CHECK(t.total(kGlobalReads) == 2u * 45u * 33u * static_cast<std::uint64_t>(k));
    CHECK(t.total(kGlobalWrites) == 2u * 45u * 33u);
    CHECK(t.total(kArithmetic) == 2u * 45u * 33u * ops);
  }
}

namespace {

struct KernelDirGuard {
  fs::path dir;
  explicit KernelDirGuard(fs::path d) : dir(std::move(d)) { ocl::set_kernel_dir(dir.string()); }
  ~KernelDirGuard() {
    ocl::set_kernel_dir("");
    fs::remove_all(dir);
  }
};

}  // namespace

TEST_CASE("a tiled kernel that takes edge groups for free on read is caught", "[tiled][mutation][opencl]") {
  KernelDirGuard g(test::mutated_kernels("tiled/amd.cl", "ox >= FL_R && oy >= FL_R", "ox >= 0 && oy >= 0"));
  CHECK_FALSE(verify_tiled(test::runtime(), make_tiled_variant("tiled.amd", 5), ref::Border::Reflect101).passed);
}

TEST_CASE("a tiled kernel that writes its whole block unchecked is caught writing outside the target ROI",
          "[tiled][mutation][opencl]") {
  KernelDirGuard g(test::mutated_kernels("tiled/amd.cl", "const bool inside = x0 + c < w && y0 + i < h;",
                                         "const bool inside = true;"));
  // A target with a wide margin, so that the mutant's stray writes stay inside the buffer.
  const ref::Image src(40, 30, 3.0f), target(200, 200, kPoison);
  const ref::Roi sroi{2, 3, 33, 20}, troi{50, 60, 33, 20};
  const auto got =
      apply_tiled(test::runtime(), make_tiled_variant("tiled.amd", 3), src, sroi, target, troi, ref::Border::Replicate);
  std::size_t outside = 0;
  for (int y = 0; y < got.height; ++y)
    for (int x = 0; x < got.width; ++x)
      if ((x < troi.x || x >= troi.x + troi.width || y < troi.y || y >= troi.y + troi.height) &&
          got.at(x, y) != kPoison)
        ++outside;
  CHECK(outside == 64u * 32u - 33u * 20u);  // the rest of the 64x32 area of the ROI's 2x1 tiles
}
