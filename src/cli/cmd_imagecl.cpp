// `filterlab imagecl-check`: runs sampled (or all) configurations of the generated ImageCL
// benchmark kernels on each device and compares every result with the oracle.
#include <CLI/CLI.hpp>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "cli/sample_cap_option.hpp"
#include "error.hpp"
#include "imagecl/check.hpp"
#include "io/netpbm.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"
#include "util/parse_value.hpp"

namespace filterlab::cli {
namespace {

// Within the image limit of every reader, checked before the input image is allocated.
std::pair<int, int> parse_size(const std::string& s) {
  const auto [w, h] =
      parse_image_size(s, "--size", io::kMaxImageSide, io::kMaxImagePixels, "WIDTHxHEIGHT, e.g. --size 1021x767");
  return {static_cast<int>(w), static_cast<int>(h)};
}

}  // namespace

int cmd_imagecl_show(const ImageclShowArgs& a) {
  if (a.kernel.empty()) {
    for (const auto& name : imagecl::kernel_names()) {
      const auto& s = imagecl::kernel_space(name);
      std::cout << std::left << std::setw(18) << name << static_cast<long long>(s.configurations) << " configurations, "
                << s.params.size() << " parameters, OpenCL sha256 " << s.sha256 << "\n";
    }
    for (const auto& b : imagecl::benchmarks()) {
      std::cout << "benchmark " << b.name << ":";
      for (const auto& k : b.kernels) std::cout << " " << k;
      std::cout << " (" << b.description << ")\n";
    }
    return 0;
  }
  const auto& s = imagecl::kernel_space(a.kernel);
  if (a.what == "source")
    std::cout << s.opencl;
  else if (a.what == "space")
    std::cout << imagecl::embedded_space_json(a.kernel);
  else
    throw Error("--show '" + a.what + "' is neither source nor space", "use --show source or --show space");
  return 0;
}

int cmd_imagecl_check(const ImageclCheckArgs& a) {
  const auto [w, h] = parse_size(a.size);
  std::vector<imagecl::Benchmark> chosen;
  if (a.benchmark.empty() || a.benchmark == "all")
    chosen = imagecl::benchmarks();
  else
    chosen.push_back(imagecl::benchmark(a.benchmark));
  const auto input = imagecl::benchmark_input(w, h, a.seed);
  int total = 0, failures = 0, unsupported = 0;
  for (const auto& dev : ocl::select_devices(a.device)) {
    ocl::Runtime rt(dev);
    std::cout << "device: " << dev.info.platform << " / " << dev.info.name << "\n";
    for (const auto& b : chosen) {
      // Sample each kernel's space on its own; pipeline i runs sample i of every kernel.
      std::vector<std::vector<imagecl::Config>> samples;
      std::size_t rows = 0;
      for (const auto& k : b.kernels) {
        const auto& space = imagecl::kernel_space(k);
        samples.push_back(imagecl::sample_configs(space, a.samples, a.seed, dev.info, a.max_unrolled));
        rows = std::max(rows, samples.back().size());
        std::cout << "  " << k << ": " << static_cast<long long>(space.configurations)
                  << " configurations in the space, " << samples.back().size() << " checked ("
                  << (a.samples == 0 ? "all valid on this device" : "sampled") << max_unrolled_note(a.max_unrolled)
                  << ")\n";
      }
      const auto oracle = imagecl::benchmark_oracle(b, input);
      for (std::size_t i = 0; i < rows; ++i) {
        std::vector<imagecl::Config> configs;
        for (const auto& s : samples) configs.push_back(s[i % s.size()]);
        ++total;
        std::string ids, status;
        try {
          const auto o = imagecl::check_benchmark(rt, b, configs, input, oracle);
          for (const auto& id : o.ids) ids += (ids.empty() ? "" : " + ") + id;
          std::ostringstream s;
          s << (o.passed ? "ok" : "FAIL") << " max|diff| " << o.max_diff << " (tolerance " << o.tolerance << ")";
          if (!o.passed) s << " first at " << o.where, ++failures;
          status = s.str();
        } catch (const Unsupported& e) {
          ++unsupported;
          status = std::string("unsupported: ") + e.what();
        } catch (const std::exception& e) {
          ++failures;
          status = std::string("ERROR: ") + e.what();
        }
        std::cout << "  " << b.name << " " << (ids.empty() ? "#" + std::to_string(i) : ids) << "  " << status << "\n";
      }
    }
  }
  std::cout << total << " pipelines checked on " << w << "x" << h << ": " << total - failures - unsupported
            << " passed, " << unsupported << " unsupported by the device, " << failures << " failed\n";
  return failures == 0 ? 0 : 1;
}

Command add_imagecl_check(CLI::App& app) {
  const auto args = std::make_shared<ImageclCheckArgs>();
  auto& icl = *args;
  auto* c_icl = app.add_subcommand(
      "imagecl-check", "Check sampled (or all) configurations of the generated ImageCL benchmarks against the oracle");
  c_icl->add_option("--device", icl.device, kDeviceHelp);
  c_icl->add_option("--benchmark", icl.benchmark, "sepconv, conv2d_u8, harris or all")->capture_default_str();
  add_integer(
      c_icl, "--samples", icl.samples, 0, kBig,
      "Configurations per kernel, every parameter value at least once (0: every configuration valid on the device)",
      true);
  c_icl
      ->add_option("--size", icl.size,
                   "Image size WIDTHxHEIGHT (integer-valued pixels 0..255; at most 268435456 pixels, 1048576 per side)")
      ->capture_default_str();
  add_integer(c_icl, "--seed", icl.seed, 0, kMaxSeed, "Seed of the sampling and of the input image", true);
  add_max_unrolled(c_icl, icl.max_unrolled);
  return {c_icl, [args] { return cmd_imagecl_check(*args); }};
}

Command add_imagecl_show(CLI::App& app) {
  const auto args = std::make_shared<ImageclShowArgs>();
  auto& icl_show = *args;
  auto* c_icl_show =
      app.add_subcommand("imagecl-show",
                         "List the embedded ImageCL kernels and their space sizes, or print one's generated "
                         "OpenCL or search space");
  c_icl_show->add_option("--kernel", icl_show.kernel, "Kernel name (default: list them all)");
  c_icl_show->add_option("--show", icl_show.what, "source (the generated OpenCL C) or space (JSON)")
      ->capture_default_str();
  return {c_icl_show, [args] { return cmd_imagecl_show(*args); }};
}

}  // namespace filterlab::cli
