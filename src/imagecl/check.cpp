#include "imagecl/check.hpp"

#include <cmath>
#include <random>

#include "error.hpp"
#include "imagecl/launcher.hpp"
#include "reference/benchmarks.hpp"
#include "reference/tolerances.hpp"

namespace filterlab::imagecl {
namespace {

// Runs one kernel configuration with `args`, returns the named output.
ref::Image run(ocl::Runtime& rt, const std::string& kernel, const Config& c, const Args& args,
               const std::string& output, const std::string& extra) {
  Launcher l(rt, kernel_space(kernel), c, extra);
  l.bind(args);
  l.enqueue();
  rt.queue.finish();
  return l.download(output);
}

}  // namespace

const std::vector<Benchmark>& benchmarks() {
  static const std::vector<Benchmark> b = {
      {"sepconv",
       {"sepconv_row", "sepconv_col"},
       "separable 5x5 convolution, float, constant-0 boundary (binomial weights)",
       ""},
      {"conv2d_u8",
       {"conv2d_u8"},
       "non-separable 5x5 convolution, 8-bit, clamped boundary, round-to-even + saturation",
       ""},
      {"harris",
       {"harris_sobel", "harris_response"},
       "Harris response as cv::cornerHarris(2, 3, 0.04, BORDER_REFLECT_101)",
       ""},
      // The two-kernel pipelines fused into one generated kernel (imagecl/benchmarks/*_fused.icl).
      {"sepconv_fused",
       {"sepconv_fused"},
       "sepconv with the row pass fused into the column pass (intermediate in local memory)",
       "sepconv"},
      {"harris_fused",
       {"harris_fused"},
       "harris with the Sobel derivatives fused into the response (dx, dy in local memory)",
       "harris"},
  };
  return b;
}

const std::string& computes(const Benchmark& b) { return b.fuses.empty() ? b.name : b.fuses; }

const Benchmark& benchmark(const std::string& name) {
  std::string names;
  for (const auto& b : benchmarks()) {
    if (b.name == name) return b;
    names += " " + b.name;
  }
  throw Error("unknown ImageCL benchmark '" + name + "'", "use one of:" + names);
}

ref::Image benchmark_input(int width, int height, unsigned seed) {
  ref::Image img(width, height);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> px(0, 255);
  for (auto& v : img.px) v = static_cast<float>(px(rng));
  return img;
}

ref::Image benchmark_oracle(const Benchmark& b, const ref::Image& input) {
  if (computes(b) == "sepconv") return ref::sepconv(input, ref::sepconv_weights5(), ref::sepconv_weights5());
  if (computes(b) == "conv2d_u8") return ref::conv2d_u8(input, ref::conv2d_u8_weights5());
  return ref::harris(input, ref::kHarrisK);
}

Args timing_args(const std::string& kernel, const ref::Image& input) {
  Args args;
  for (const auto& a : kernel_space(kernel).args) {
    // A fused kernel's argument <stage>_<name> takes what the stage's own argument would.
    const std::string& k = a.stage.empty() ? kernel : a.stage;
    const std::string& name = a.stage.empty() ? a.name : a.stage_argument;
    if (a.kind == "image")
      args[a.name] = image_arg(input);
    else if (name == "k" && (k == "sepconv_row" || k == "sepconv_col"))
      args[a.name] = array_arg(ref::sepconv_weights5());
    else if (name == "k" && k == "conv2d_u8")
      args[a.name] = array_arg(ref::conv2d_u8_weights5().w);
    else if (name == "k" && k == "harris_response")
      args[a.name] = scalar_arg(ref::kHarrisK);
    else
      throw Error("no timing input for argument '" + a.name + "' of " + kernel);
  }
  return args;
}

std::string output_image(const std::string& kernel) {
  std::string out;
  for (const auto& a : kernel_space(kernel).args)
    if (a.kind == "image" && a.access == "write") {
      if (!out.empty())
        throw Error("kernel " + kernel + " writes more than one Image ('" + out + "', '" + a.name + "')");
      out = a.name;
    }
  if (out.empty()) throw Error("kernel " + kernel + " writes no Image");
  return out;
}

CheckOutcome check_benchmark(ocl::Runtime& rt, const Benchmark& b, const std::vector<Config>& configs,
                             const ref::Image& input, const ref::Image& oracle, const std::string& extra) {
  if (configs.size() != b.kernels.size()) throw Error("benchmark " + b.name + " needs one configuration per kernel");
  CheckOutcome out;
  for (std::size_t i = 0; i < configs.size(); ++i) out.ids.push_back(config_id(kernel_space(b.kernels[i]), configs[i]));
  const ref::Image blank(input.width, input.height);
  ref::Image result;
  if (!b.fuses.empty()) {
    // One kernel: the pipeline's input in its input Image(s), its weights as the stages take them.
    result = run(rt, b.kernels.front(), configs[0], timing_args(b.kernels.front(), input),
                 output_image(b.kernels.front()), extra);
    out.tolerance = b.fuses == "harris" ? tol::harris_bound(255.0) : tol::kIntegerExact;  // as the unfused pipeline
  } else if (b.name == "sepconv") {
    const auto k = ref::sepconv_weights5();
    const auto tmp = run(rt, "sepconv_row", configs[0],
                         {{"in", image_arg(input)}, {"out", image_arg(blank)}, {"k", array_arg(k)}}, "out", extra);
    result = run(rt, "sepconv_col", configs[1],
                 {{"in", image_arg(tmp)}, {"out", image_arg(blank)}, {"k", array_arg(k)}}, "out", extra);
    out.tolerance = tol::kIntegerExact;  // dyadic weights on integers: every float sum is exact
  } else if (b.name == "conv2d_u8") {
    const auto k = ref::conv2d_u8_weights5();
    result = run(rt, "conv2d_u8", configs[0],
                 {{"in", image_arg(input)}, {"out", image_arg(blank)}, {"k", array_arg(k.w)}}, "out", extra);
    out.tolerance = tol::kIntegerExact;  // dyadic weights: the float sum is exact, so is its rounding
  } else {
    Args sobel{{"src", image_arg(input)}, {"dx", image_arg(blank)}, {"dy", image_arg(blank)}};
    Launcher l(rt, kernel_space("harris_sobel"), configs[0], extra);
    l.bind(sobel);
    l.enqueue();
    rt.queue.finish();
    const auto dx = l.download("dx"), dy = l.download("dy");
    l.release();
    Args response{
        {"dx", image_arg(dx)}, {"dy", image_arg(dy)}, {"dst", image_arg(blank)}, {"k", scalar_arg(ref::kHarrisK)}};
    result = run(rt, "harris_response", configs[1], response, "dst", extra);
    out.tolerance = tol::harris_bound(255.0);
  }
  for (int y = 0; y < oracle.height; ++y)
    for (int x = 0; x < oracle.width; ++x) {
      const double d = std::fabs(static_cast<double>(result.at(x, y)) - static_cast<double>(oracle.at(x, y)));
      if (!(d <= out.max_diff)) {
        if (out.where.empty() && !(d <= out.tolerance))
          out.where = "(" + std::to_string(x) + ", " + std::to_string(y) + "): device " +
                      std::to_string(result.at(x, y)) + ", oracle " + std::to_string(oracle.at(x, y));
        out.max_diff = std::isnan(d) ? INFINITY : d;
      }
    }
  out.passed = out.max_diff <= out.tolerance;
  return out;
}

}  // namespace filterlab::imagecl
