#pragma once
// The paper's three benchmarks as pipelines of generated ImageCL kernels, each checked against
// the oracle (reference/benchmarks.hpp): every configuration must compute the same function.
#include <string>
#include <vector>

#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab::imagecl {

struct Benchmark {
  std::string name;                  // sepconv, conv2d_u8, harris, sepconv_fused, harris_fused
  std::vector<std::string> kernels;  // run in this order
  std::string description;
  std::string fuses;  // a fused pipeline: the benchmark it computes in one kernel (same oracle), else ""
};
// The benchmark whose function `b` computes: b.fuses, or b itself (its oracle and tolerance).
const std::string& computes(const Benchmark& b);
const std::vector<Benchmark>& benchmarks();
const Benchmark& benchmark(const std::string& name);  // throws filterlab::Error listing the names

// The benchmark's input: integer-valued pixels 0..255 (exact in float), seeded.
ref::Image benchmark_input(int width, int height, unsigned seed);

struct CheckOutcome {
  std::vector<std::string> ids;  // one configuration ID per kernel
  bool passed = false;
  double max_diff = 0.0, tolerance = 0.0;
  std::string where;  // the first pixel beyond the tolerance, if any
};

// The oracle's result of the benchmark on `input` (reference/benchmarks.hpp, the standard weights).
ref::Image benchmark_oracle(const Benchmark& b, const ref::Image& input);

// Runs configs[i] of kernels[i] in turn on `input` (each output downloaded and passed on) and
// compares the last output with `oracle` (benchmark_oracle(b, input)), every kernel built with
// `extra_options` after its -D switches (Launcher). Throws filterlab::Unsupported for device limits.
CheckOutcome check_benchmark(ocl::Runtime& rt, const Benchmark& b, const std::vector<Config>& configs,
                             const ref::Image& input, const ref::Image& oracle, const std::string& extra_options = "");
inline CheckOutcome check_benchmark(ocl::Runtime& rt, const Benchmark& b, const std::vector<Config>& configs,
                                    const ref::Image& input) {
  return check_benchmark(rt, b, configs, input, benchmark_oracle(b, input));
}

// The arguments of one kernel of a benchmark with `input` in every input Image (for timing: the
// kernels' cost does not depend on the pixel values) and outputs of the input's size.
// A fused kernel's arguments are <stage>_<parameter> (KernelSpace args' stage, stage_argument).
Args timing_args(const std::string& kernel, const ref::Image& input);
// The one Image `kernel` writes (its result); throws when it writes none or several.
std::string output_image(const std::string& kernel);

}  // namespace filterlab::imagecl
