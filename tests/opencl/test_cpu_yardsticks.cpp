// The hand-written CPU yardsticks (kernels/yardstick/) against their benchmarks' oracles at awkward
// sizes (single rows and columns, sizes no block divides, images narrower than a strip), every
// output poisoned first; mutations of a border test and of the column pass's fast path are caught.
#include <catch2/catch.hpp>

#include "error.hpp"
#include "experiments/cpu_yardsticks.hpp"
#include "imagecl/check.hpp"
#include "ocl/program.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;

namespace {

const std::vector<std::pair<int, int>> kSizes = {{1, 1}, {2, 3}, {37, 1}, {1, 37}, {33, 17}, {300, 9}, {1031, 70}};

// Builds and verifies every yardstick of `benchmark` on a w x h benchmark input (throws on a difference).
std::size_t verify(const std::string& benchmark, int w, int h) {
  const auto input = imagecl::benchmark_input(w, h, 7);
  for (const auto& b : imagecl::benchmarks())
    if (b.name == benchmark) {
      YardstickRun run(test::runtime(), benchmark, input, imagecl::benchmark_oracle(b, input));
      return run.cases().size();
    }
  FAIL("no benchmark " << benchmark);
  return 0;
}

}  // namespace

TEST_CASE("every CPU yardstick equals its benchmark's oracle at awkward sizes", "[yardstick]") {
  std::size_t stages = 0;
  for (const auto& [w, h] : kSizes) {
    INFO(w << "x" << h);
    for (const char* benchmark : {"sepconv", "sepconv_fused"}) stages += verify(benchmark, w, h);
  }
  std::size_t expected = 0;
  for (const auto& y : cpu_yardsticks()) expected += y.kernels.size();
  CHECK(stages == expected * kSizes.size());  // every stage of every yardstick was built and checked
}

TEST_CASE("a CPU yardstick's verification catches a wrong border and a wrong row", "[yardstick]") {
  const struct {
    const char* from;
    const char* to;
    const char* benchmark;
  } mutations[] = {{"p[j] = x - 2 + j >= 0 &&", "p[j] = x - 2 + j >= 1 &&", "sepconv_fused"},
                   {"vload16(0, r + 4 * w + x)", "vload16(0, r + 3 * w + x)", "sepconv"}};
  for (const auto& m : mutations) {
    INFO(m.from);
    ocl::set_kernel_dir(test::mutated_kernels("yardstick/sepconv_cpu.cl", m.from, m.to).string());
    CHECK_THROWS_AS(verify(m.benchmark, 300, 9), Error);
    ocl::set_kernel_dir("");
  }
  CHECK(verify("sepconv", 300, 9) > 0);  // the embedded kernels again
}
