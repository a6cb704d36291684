// Study 3 on the test device (PoCL in CI): every value read through a sampler must be conformant
// by the spec oracle (the float32 formula, or a neighbouring texel at an edge where the
// conformance tests accept one); NONE outside the image is the only "undefined". A probe kernel
// with a deliberate coordinate bug must be caught.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>

#include "error.hpp"
#include "experiments/sampler_probe.hpp"
#include "ocl/program.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;
using ref::AddressMode;
using ref::Verdict;

namespace {

std::map<Verdict, int> count(const std::vector<ProbeEntry>& entries) {
  std::map<Verdict, int> n;
  for (const auto& e : entries) ++n[e.verdict];
  return n;
}

std::vector<GridCase> run_grid() {
  auto cases = grid_cases();
  run_grid_probe(test::runtime(), cases);
  return cases;
}

}  // namespace

TEST_CASE("the article's sampler table is conformant on the test device", "[sampler][opencl]") {
  auto& rt = test::runtime();
  require_sampler_support(rt);
  const auto run = run_article_probe(rt);
  REQUIRE(run.k.size() == 21);
  REQUIRE(run.columns.size() == kArticleModes.size());
  for (const auto& col : run.columns) {
    REQUIRE(col.entries.size() == 21);
    for (std::size_t j = 0; j < col.entries.size(); ++j) {
      const auto& e = col.entries[j];
      CAPTURE(ref::address_mode_name(col.mode), run.k[j], e.point.x, e.value, e.expected.float32);
      CHECK((e.verdict == Verdict::Float32 || e.verdict == Verdict::Neighbour));
    }
  }
  // CLAMP_TO_EDGE and CLAMP at k = 15 (s = 1.5): the last texel and the border colour's .x.
  CHECK(run.columns[2].entries.back().value == 10.0f);
  CHECK(run.columns[3].entries.back().value == 0.0f);
}

TEST_CASE("every sampler configuration over the grid is conformant on the test device", "[sampler][opencl]") {
  const auto cases = run_grid();
  REQUIRE(cases.size() == 32);
  for (const auto& c : cases) {
    CAPTURE(c.image.dims, ref::address_mode_name(c.config.mode), c.config.normalized,
            ref::filter_mode_name(c.config.filter));
    auto n = count(c.entries);
    REQUIRE(c.entries.size() == c.xs.size() * (c.image.dims == 1 ? 1 : c.ys.size()));
    CHECK(n[Verdict::Wrong] == 0);
    if (c.config.mode == AddressMode::None)
      CHECK(n[Verdict::Undefined] > 0);  // the grid reaches far outside
    else
      CHECK(n[Verdict::Undefined] == 0);
    CHECK(n[Verdict::Float32] > 0);
  }
}

TEST_CASE("samplers reproduce the article's OpenCV counterparts at texel centres, REFLECT_101 none",
          "[sampler][opencl]") {
  const auto mapping = border_mapping(run_grid());
  auto exact = [&](AddressMode m, bool normalized, const std::string& border) {
    for (const auto& b : mapping)
      if (b.mode == m && b.normalized == normalized && b.border == border) return b.total > 0 && b.matches == b.total;
    FAIL("no mapping row");
    return false;
  };
  CHECK(exact(AddressMode::MirroredRepeat, true, "reflect"));
  CHECK(exact(AddressMode::Repeat, true, "wrap"));
  CHECK(exact(AddressMode::ClampToEdge, true, "replicate"));
  CHECK(exact(AddressMode::ClampToEdge, false, "replicate"));
  CHECK(exact(AddressMode::Clamp, true, "constant"));
  CHECK(exact(AddressMode::Clamp, false, "constant"));
  for (const auto& b : mapping) {
    CAPTURE(ref::address_mode_name(b.mode), b.border);
    if (b.border == "reflect101") CHECK(b.matches < b.total);
  }
}

TEST_CASE("a probe that reads half a texel off is judged wrong", "[sampler][mutation][opencl]") {
  const auto dir =
      test::mutated_kernels("sampler/probe.cl", "read_imagef(img, smp, xs[i])", "read_imagef(img, smp, xs[i] + 0.5f)");
  ocl::set_kernel_dir(dir.string());
  std::vector<GridCase> cases;
  try {
    cases = run_grid();
  } catch (...) {
    ocl::set_kernel_dir("");
    throw;
  }
  ocl::set_kernel_dir("");
  std::filesystem::remove_all(dir);
  int wrong = 0;
  for (const auto& c : cases)
    if (c.image.dims == 1 && c.config.mode == AddressMode::ClampToEdge && !c.config.normalized)
      wrong += count(c.entries)[Verdict::Wrong];
  CHECK(wrong > 0);
}

TEST_CASE("without image support the sampler's hint names only options `run sampler` has",
          "[sampler][opencl][bad-input]") {
  ocl::Device dev = test::runtime().device;
  dev.info.image_support = false;
  ocl::Runtime rt(dev);
  std::string message;
  try {
    require_sampler_support(rt);
  } catch (const Unsupported& e) {
    message = e.what();
  }
  CHECK_THAT(message,
             Catch::Contains("the sampler experiment needs image support") && Catch::Contains("--device PATTERN"));
  CHECK_THAT(message, !Catch::Contains("--storage"));  // `run` has no --storage
}

TEST_CASE("a sampler case whose process dies loses only that case", "[sampler][opencl]") {
  // A helper that dies as Intel's CPU runtime does on an undefined CLK_ADDRESS_NONE read.
  const auto dir = std::filesystem::temp_directory_path() / "filterlab-sampler-helper";
  std::filesystem::create_directories(dir);
  const auto helper = dir / "dies.sh";
  {
    std::ofstream out(helper);
    out << "#!/bin/sh\nkill -SEGV $$\n";
  }
  std::filesystem::permissions(helper, std::filesystem::perms::owner_all);
  auto& rt = test::runtime();
  auto cases = grid_cases();
  run_grid_probe(rt, cases, helper.string());
  std::size_t crashed = 0;
  for (const auto& c : cases) {
    INFO(ref::address_mode_name(c.config.mode));
    if (c.config.mode == AddressMode::None) {
      ++crashed;
      CHECK(c.crashed.find("signal 11") != std::string::npos);
      CHECK(c.entries.empty());
    } else {
      CHECK(c.crashed.empty());
      CHECK(c.entries.size() == c.xs.size() * (c.image.dims == 2 ? c.ys.size() : 1));
    }
  }
  CHECK(crashed == 8);  // NONE: 1-D and 2-D, normalized and not, NEAREST and LINEAR
  std::filesystem::remove_all(dir);
}
