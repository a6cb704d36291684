// The fused pipelines (sepconv_fused, harris_fused) against the oracle of their unfused
// benchmarks, on chosen configurations (work-groups, coarsening, mapping, unrolling, image and
// constant memory) and on awkward sizes: 1xN, Nx1, odd, and images smaller than the stencil.
#include <catch2/catch.hpp>

#include "config_helpers.hpp"
#include "error.hpp"
#include "imagecl/check.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab::imagecl;

namespace {

using filterlab::test::config_of;

// Hand-picked: 1x1 work-groups, wide and tall groups, coarsening along each axis and both, both
// mappings, unrolled or not, every memory switch on.
std::vector<Config> chosen(const KernelSpace& s, const std::string& unroll_a, const std::string& unroll_b,
                           const std::string& image_in, const std::string& image_out) {
  const auto full = [&](const std::string& p) {
    for (const auto& q : s.params)
      if (q.name == p) return q.values.back();
    return 1L;
  };
  return {
      config_of(s, {}),
      config_of(s, {{"wg_x", 16}, {"wg_y", 4}}),
      config_of(s, {{"wg_x", 8}, {"wg_y", 8}, {"coarsen_x", 2}, {"coarsen_y", 2}, {"interleaved", 1}}),
      config_of(s,
                {{"wg_x", 32}, {"wg_y", 1}, {"coarsen_y", 8}, {unroll_a, full(unroll_a)}, {unroll_b, full(unroll_b)}}),
      config_of(s, {{"wg_x", 4}, {"wg_y", 16}, {"coarsen_x", 16}, {"interleaved", 1}, {image_in, 1}, {image_out, 1}}),
      config_of(s, {{"wg_x", 1}, {"wg_y", 64}, {"coarsen_x", 4}, {"coarsen_y", 4}, {unroll_a, full(unroll_a)}}),
      config_of(s, {{"wg_x", 64},
                    {"wg_y", 2},
                    {"coarsen_x", 1},
                    {"coarsen_y", 4},
                    {"interleaved", 1},
                    {unroll_b, full(unroll_b)},
                    {image_in, 1}}),
  };
}

// Register fusion (private_tile): blocks of one pixel, of a row, of a column and 2-D, with and
// without the interior split, unrolled or not, the input in image memory.
std::vector<Config> private_tiles(const KernelSpace& s, const std::string& unroll, const std::string& image_in) {
  return {
      config_of(s, {{"wg_x", 8}, {"wg_y", 4}, {"private_tile", 1}}),
      config_of(s, {{"wg_x", 16}, {"wg_y", 2}, {"coarsen_x", 4}, {"private_tile", 1}, {"interior", 1}}),
      config_of(s, {{"wg_x", 32}, {"wg_y", 1}, {"coarsen_y", 8}, {"private_tile", 1}, {"interior", 1}, {unroll, 1}}),
      config_of(s, {{"wg_x", 4}, {"wg_y", 4}, {"coarsen_x", 2}, {"coarsen_y", 4}, {"private_tile", 1}, {image_in, 1}}),
  };
}

// The register window of the fill (fill_window, with private_tile and the interior split): blocks of
// one pixel, a row, a column, 2-D and wide, unrolled or not, the input in image memory. At the larger
// sizes most work-groups are interior (they fill through the window), the others fill as without it.
std::vector<Config> fill_windows(const KernelSpace& s, const std::string& unroll, const std::string& image_in) {
  const std::vector<std::pair<std::string, long>> on{{"private_tile", 1}, {"interior", 1}, {"fill_window", 1}};
  const auto with = [&](std::vector<std::pair<std::string, long>> v) {
    v.insert(v.end(), on.begin(), on.end());
    return config_of(s, v);
  };
  return {
      with({{"wg_x", 8}, {"wg_y", 4}}),
      with({{"wg_x", 16}, {"wg_y", 2}, {"coarsen_x", 4}, {unroll, 1}}),
      with({{"wg_x", 4}, {"wg_y", 4}, {"coarsen_y", 8}}),
      with({{"wg_x", 4}, {"wg_y", 4}, {"coarsen_x", 2}, {"coarsen_y", 4}, {image_in, 1}}),
      with({{"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 8}, {"coarsen_y", 2}, {"exact", 1}}),
  };
}

void check_fused(const std::string& bench, const std::vector<Config>& configs) {
  auto& rt = filterlab::test::runtime();
  const auto& b = benchmark(bench);
  REQUIRE(b.kernels.size() == 1);
  const auto& space = kernel_space(b.kernels.front());
  const std::vector<std::pair<int, int>> sizes = {{1, 1},  {2, 3}, {3, 2},   {1, 37},
                                                  {37, 1}, {4, 4}, {97, 61}, {130, 67}};
  int ran = 0;
  for (const auto& c : configs) {
    if (!violation(space, c, rt.device.info).empty()) continue;  // beyond this device's limits
    for (const auto& [w, h] : sizes) {
      const auto input = benchmark_input(w, h, static_cast<unsigned>(w * 131 + h));
      CheckOutcome o;
      try {
        o = check_benchmark(rt, b, {c}, input);
      } catch (const filterlab::Unsupported& e) {
        WARN(config_id(space, c) << ": " << e.what());
        continue;
      }
      INFO(w << "x" << h << " " << o.ids.front() << ": " << o.where);
      CHECK(o.passed);
      ++ran;
    }
  }
  CHECK(ran >= 5 * static_cast<int>(sizes.size()));  // most of the chosen configurations run here
}

// Sampled configurations covering every value of every parameter, on an odd size. verify's seed
// (imagecl_family.cpp): the first four are the ones verify checks, which PoCL then builds once.
void check_sampled(const std::string& bench) {
  auto& rt = filterlab::test::runtime();
  const auto& b = benchmark(bench);
  const auto& space = kernel_space(b.kernels.front());
  const auto samples = sample_configs(space, 12, 20261122, rt.device.info, kCheckMaxUnrolled);
  REQUIRE(samples.size() == 12);
  for (std::size_t p = 0; p < space.params.size(); ++p)
    for (long v : space.params[p].values) {
      bool seen = false;
      for (const auto& c : samples) seen = seen || c[p] == v;
      INFO(space.params[p].name << " = " << v);
      CHECK(seen);
    }
  const auto input = benchmark_input(101, 43, 7);
  for (const auto& c : samples) {
    const auto o = check_benchmark(rt, b, {c}, input);
    INFO(o.ids.front() << ": " << o.where);
    CHECK(o.passed);
  }
}

}  // namespace

TEST_CASE("fused sepconv equals the oracle exactly on chosen configurations and awkward sizes",
          "[imagecl][opencl][fusion]") {
  const auto& s = kernel_space("sepconv_fused");
  auto configs =
      chosen(s, "unroll_sepconv_row_0", "unroll_sepconv_col_0", "image_sepconv_row_in", "image_sepconv_col_out");
  configs.push_back(
      config_of(s, {{"wg_x", 16}, {"wg_y", 2}, {"constant_sepconv_row_k", 1}, {"constant_sepconv_col_k", 1}}));
  for (auto& c : private_tiles(s, "unroll_sepconv_row_0", "image_sepconv_row_in")) configs.push_back(c);
  for (auto& c : fill_windows(s, "unroll_sepconv_row_0", "image_sepconv_row_in")) configs.push_back(c);
  check_fused("sepconv_fused", configs);
}

TEST_CASE("fused harris matches cornerHarris on chosen configurations and awkward sizes", "[imagecl][opencl][fusion]") {
  const auto& s = kernel_space("harris_fused");
  auto configs = chosen(s, "unroll_harris_response_0", "unroll_harris_response_1", "image_harris_sobel_src",
                        "image_harris_response_dst");
  for (auto& c : private_tiles(s, "unroll_harris_response_0", "image_harris_sobel_src")) configs.push_back(c);
  for (auto& c : fill_windows(s, "unroll_harris_response_0", "image_harris_sobel_src")) configs.push_back(c);
  check_fused("harris_fused", configs);
}

TEST_CASE("sampled fused configurations equal the oracle", "[imagecl][opencl][fusion]") {
  check_sampled("sepconv_fused");
  check_sampled("harris_fused");
}
