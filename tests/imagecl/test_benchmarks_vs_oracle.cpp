// Sampled configurations of the three benchmarks against the oracle on the test device, on a
// size that is a multiple of no work-group or coarsening factor (97 x 61, both prime).
#include <catch2/catch.hpp>

#include "imagecl/check.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab::imagecl;

namespace {
constexpr std::size_t kSamples = 16;  // per kernel: more than any parameter's value count (10), every value drawn
// verify's seed (imagecl_family.cpp): the sampler draws in sequence, so the first configurations
// here are the ones verify checks, and PoCL builds each of them once for the whole suite.
constexpr unsigned kSeed = 20261122;

// Images smaller than every stencil and work-group: boundaries (reflect101 with 1 or 2 pixels
// included) and the guards of coarsened, interleaved and local-memory threads, in the first four
// sampled configurations (what is new here is the size, not the configuration).
void check_tiny(const std::string& bench) {
  auto& rt = filterlab::test::runtime();
  const auto& b = benchmark(bench);
  std::vector<std::vector<Config>> samples;
  for (const auto& k : b.kernels)
    samples.push_back(sample_configs(kernel_space(k), 4, kSeed, rt.device.info, kCheckMaxUnrolled));
  for (const auto& [w, h] : {std::pair<int, int>{1, 1}, {2, 3}}) {
    const auto input = benchmark_input(w, h, 11);
    for (std::size_t i = 0; i < 4; ++i) {
      std::vector<Config> configs;
      for (const auto& s : samples) configs.push_back(s.at(i));
      const auto o = check_benchmark(rt, b, configs, input);
      INFO(w << "x" << h << " " << o.ids.front() << ": " << o.where);
      CHECK(o.max_diff <= o.tolerance);
    }
  }
}

void check_samples(const std::string& bench) {
  auto& rt = filterlab::test::runtime();
  const auto& b = benchmark(bench);
  std::vector<std::vector<Config>> samples;
  for (const auto& k : b.kernels) {
    const auto& space = kernel_space(k);
    samples.push_back(sample_configs(space, kSamples, kSeed, rt.device.info, kCheckMaxUnrolled));
    REQUIRE(samples.back().size() == kSamples);
    for (std::size_t p = 0; p < space.params.size(); ++p)  // every value of every parameter is checked
      for (long v : space.params[p].values) {
        bool seen = false;
        for (const auto& c : samples.back()) seen = seen || c[p] == v;
        INFO(k << " " << space.params[p].name << " = " << v);
        CHECK(seen);
      }
  }
  const auto input = benchmark_input(97, 61, 5);
  for (std::size_t i = 0; i < kSamples; ++i) {
    std::vector<Config> configs;
    for (const auto& s : samples) configs.push_back(s.at(i));
    const auto o = check_benchmark(rt, b, configs, input);
    INFO(o.ids.front() << (o.ids.size() > 1 ? " + " + o.ids.back() : std::string()) << ": " << o.where);
    CHECK(o.max_diff <= o.tolerance);
  }
}
}  // namespace

TEST_CASE("sampled sepconv configurations equal the oracle exactly", "[imagecl][opencl]") { check_samples("sepconv"); }
TEST_CASE("sampled conv2d_u8 configurations equal the oracle exactly", "[imagecl][opencl]") {
  check_samples("conv2d_u8");
}
TEST_CASE("sampled harris configurations match cornerHarris within the float bound", "[imagecl][opencl]") {
  check_samples("harris");
}
TEST_CASE("benchmarks on 1x1 and 2x3 images equal the oracle", "[imagecl][opencl]") {
  for (const auto* b : {"sepconv", "conv2d_u8", "harris"}) check_tiny(b);
}
