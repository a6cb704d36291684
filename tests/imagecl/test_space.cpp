// The embedded search spaces: sizes, IDs, build options, sampling coverage and device constraints.
#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab::imagecl;

TEST_CASE("every benchmark kernel is embedded with a space whose size is the product of its value counts",
          "[imagecl]") {
  const std::vector<std::string> expected = {"conv2d_u8",   "harris_fused",  "harris_response", "harris_sobel",
                                             "sepconv_col", "sepconv_fused", "sepconv_row"};
  REQUIRE(kernel_names() == expected);
  for (const auto& name : kernel_names()) {
    const auto& s = kernel_space(name);
    double product = 1;
    for (const auto& p : s.params) product *= static_cast<double>(p.values.size());
    CHECK(s.configurations == product);
    if (product <= 4e6) CHECK(static_cast<double>(all_configs(s).size()) == product);  // harris_response: 41 million
    CHECK(s.sha256.size() == 64);
  }
  CHECK_THROWS_AS(kernel_space("blur"), filterlab::Error);
}

TEST_CASE("the embedded spaces carry the compiler's per-pixel operation counts", "[imagecl]") {
  const auto& conv = kernel_space("conv2d_u8").counts;
  REQUIRE(conv.known);
  CHECK(conv.fp32_add == 25);
  CHECK(conv.fp32_mul == 25);
  CHECK(conv.fp32_fma == 0);
  CHECK(conv.fp32_other == 0);
  CHECK(conv.int_to_float == 25);
  CHECK(conv.float_to_int == 1);
  CHECK(conv.image_reads == 25);
  CHECK(conv.compulsory_bytes == 2);
  const auto& fused = kernel_space("harris_fused").counts;
  CHECK(fused.fp32_add == 26);
  CHECK(fused.image_reads == 16);
  CHECK(fused.compulsory_bytes == 8);
  for (const auto& name : kernel_names()) CHECK(kernel_space(name).counts.known);

  // A space from before the counts, and one whose kernel could not be counted.
  const std::string base =
      R"({"kernel": "k", "grid": {"image": "out"}, "arguments": [], "parameters": [], "local_memory": [],
                               "constant_memory": [], "configurations": 1)";
  const auto old = parse_space(base + "}", "");
  CHECK_FALSE(old.counts.known);
  CHECK(old.counts.reason == "the search space has no operation counts");
  const auto unknown =
      parse_space(base + R"(, "counts": {"known": false, "reason": "k.icl:4:3: a while or do loop"}})", "");
  CHECK_FALSE(unknown.counts.known);
  CHECK(unknown.counts.reason == "k.icl:4:3: a while or do loop");
  CHECK_THROWS_AS(parse_space(base + R"(, "counts": {"known": true, "fp32_add": 1}})", ""), filterlab::Error);
}

TEST_CASE("configuration IDs are stable, unique and parse back; options carry every switch", "[imagecl]") {
  const auto& s = kernel_space("sepconv_row");
  Config c;
  for (const auto& p : s.params) c.push_back(p.values.back());
  const auto id = config_id(s, c);
  CHECK(id ==
        "imagecl.sepconv_row/wg256x64/c16x8/il1/image_in1/image_out1/constant_k1/local_in1/unroll_0x5/interior1/"
        "window_in1/"
        "vector_in16");
  CHECK(parse_config_id(s, id) == c);
  CHECK_THROWS_AS(parse_config_id(s, "imagecl.sepconv_row/wg3x3"), filterlab::Error);
  CHECK(build_options(s, c) ==
        "-DICL_WG_X=256 -DICL_WG_Y=64 -DICL_CX=16 -DICL_CY=8 -DICL_INTERLEAVED=1 -DICL_IMAGE_in=1 -DICL_IMAGE_out=1 "
        "-DICL_CONSTANT_k=1 -DICL_LOCAL_in=1 -DICL_UNROLL_0=5 -DICL_INTERIOR=1 -DICL_WINDOW_in=1 -DICL_VECTOR_in=16");
  std::set<std::string> ids;
  for (const auto& cfg : all_configs(kernel_space("harris_sobel")))
    ids.insert(config_id(kernel_space("harris_sobel"), cfg));
  CHECK(static_cast<double>(ids.size()) == kernel_space("harris_sobel").configurations);
  // local memory: (wg_x * cx + halo_x) * (wg_y * cy + halo_y) * bytes
  CHECK(local_bytes(s, c) == static_cast<std::uint64_t>((256 * 16 + 4) * (64 * 8 + 0) * 4));
}

namespace {
// A device with a small work-group, local and constant memory (images supported).
filterlab::ocl::DeviceInfo small_device() {
  filterlab::ocl::DeviceInfo small;
  small.max_work_group_size = 256;
  small.local_mem_bytes = 16384;
  small.constant_mem_bytes = 65536;
  small.image_support = true;
  return small;
}

// Every value of every parameter of `s` occurs in `samples`.
void check_covers_every_value(const std::string& name, const KernelSpace& s, const std::vector<Config>& samples) {
  for (std::size_t p = 0; p < s.params.size(); ++p)
    for (long v : s.params[p].values) {
      bool seen = false;
      for (const auto& c : samples) seen = seen || c[p] == v;
      INFO(name << " " << s.params[p].name << " = " << v);
      CHECK(seen);
    }
}
}  // namespace

TEST_CASE("samples respect a device's limits and cover every parameter value", "[imagecl]") {
  auto small = small_device();
  for (const auto& name : kernel_names()) {
    const auto& s = kernel_space(name);
    // 16: the imagecl experiment's default, enough for the 9 work-group widths and 9 coarsening
    // factors along x beside each other.
    const auto samples = sample_configs(s, 16, 7, small);
    REQUIRE(samples.size() == 16);
    check_covers_every_value(name, s, samples);
    for (const auto& c : samples) CHECK(violation(s, c, small).empty());
  }
  // Every configuration of a full space (0 samples) is refused with what to ask for instead, before
  // an enumeration of billions exhausts the host's memory.
  CHECK_THROWS_WITH(sample_configs(kernel_space("conv2d_u8"), 0, 7, small),
                    Catch::Contains("configurations: checking every one") && Catch::Contains("--samples 16"));
  small.image_support = false;
  const auto& s = kernel_space("conv2d_u8");
  for (const auto& c : sample_configs(s, 12, 7, small)) {
    CHECK(value_of(s, c, "image_in") == 0);
    CHECK(value_of(s, c, "image_out") == 0);
  }
}

TEST_CASE("the checks' cap on unrolled bodies holds and leaves every parameter value reachable", "[imagecl]") {
  const auto small = small_device();
  for (const auto& name : kernel_names()) {
    const auto& s = kernel_space(name);
    const auto capped = sample_configs(s, 16, 7, small, kCheckMaxUnrolled);
    REQUIRE(capped.size() == 16);
    check_covers_every_value(name, s, capped);
    for (const auto& c : capped) {
      INFO(config_id(s, c));
      CHECK(unrolled_outputs(s, c) <= kCheckMaxUnrolled);
    }
  }
  // What the cap counts: a register window or a vector store unrolls the work-item's outputs; a
  // plain loop over them does not.
  const auto& s = kernel_space("conv2d_u8");
  Config c;
  for (const auto& p : s.params) c.push_back(p.values.front());
  const auto set = [&](const std::string& name, long v) {
    for (std::size_t i = 0; i < s.params.size(); ++i)
      if (s.params[i].name == name) c[i] = v;
  };
  set("coarsen_x", 32);
  set("coarsen_y", 8);
  CHECK(unrolled_outputs(s, c) == 1);
  set("vector_out", 4);
  CHECK(unrolled_outputs(s, c) == 256);
  set("vector_out", 1);
  set("window_in", 1);
  CHECK(unrolled_outputs(s, c) == 256);
}

TEST_CASE("the launcher refuses a work-group beyond the device's limit as Unsupported", "[imagecl][opencl]") {
  auto& rt = filterlab::test::runtime();
  const auto& s = kernel_space("harris_sobel");
  Config c;
  for (const auto& p : s.params) c.push_back(p.values.back());  // 256 x 64 = 16384 work-items
  REQUIRE(16384 > rt.device.info.max_work_group_size);
  CHECK_THROWS_AS(Launcher(rt, s, c), filterlab::Unsupported);
}
