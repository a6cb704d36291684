#pragma once
// One launch of a one-kernel benchmark on a 256 x 48 image (interior work-groups and border ones
// both exist for the mutation tests' shapes), judged against the oracle: the mutation tests' run.
#include <algorithm>
#include <cmath>
#include <string>

#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "opencl_fixture.hpp"

namespace filterlab::test {

// The largest difference from the oracle of benchmark `kernel`'s output Image `output`, built from
// `s` (mutated or not) at configuration `c` (which must be valid on the test device).
inline double max_diff_256x48(const imagecl::KernelSpace& s, const imagecl::Config& c, const std::string& kernel,
                              const std::string& output) {
  auto& rt = runtime();
  REQUIRE(imagecl::violation(s, c, rt.device.info).empty());
  const auto input = imagecl::benchmark_input(256, 48, 4);
  const auto oracle = imagecl::benchmark_oracle(imagecl::benchmark(kernel), input);
  imagecl::Launcher l(rt, s, c);
  auto args = imagecl::timing_args(kernel, input);
  args[output] = imagecl::image_arg(ref::Image(input.width, input.height));
  l.bind(args);
  l.enqueue();
  const auto out = l.download(output);
  double worst = 0;
  for (std::size_t i = 0; i < out.size(); ++i)
    worst = std::max(worst, std::fabs(double(out.px[i]) - double(oracle.px[i])));
  return worst;
}

}  // namespace filterlab::test
