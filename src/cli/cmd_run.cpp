#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "error.hpp"
#include "experiments/epsilon.hpp"
#include "experiments/imagecl.hpp"
#include "experiments/pyramid_storage.hpp"
#include "experiments/sampler.hpp"
#include "experiments/scharr_gradient_variants.hpp"
#include "experiments/scharr_single_storage.hpp"
#include "experiments/tiled.hpp"
#include "experiments/tuning.hpp"
#include "io/atomic_file.hpp"
#include "io/write_lock.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

namespace {

// One writer per results directory: a second `run` into it fails at once naming this one (or
// waits, FILTERLAB_LOCK_WAIT), so results are neither overwritten nor timed under another's load.
std::unique_ptr<io::WriteLock> lock_results(const std::string& dir) {
  io::ensure_directory(dir);
  return std::make_unique<io::WriteLock>(io::results_lock_path(dir), "results directory " + dir);
}

// Study 3 measures no time and reads no image: the pyramid options do not apply to it.
int run_sampler_experiment(const RunArgs& a) {
  if (!a.base_image.empty() || !a.variants.empty() || a.scale != 0 || a.repetitions != 0)
    throw Error("--base, --variants, --scale and --repetitions do not apply to the sampler experiment",
                "run it as: filterlab run sampler --results DIR [--device PATTERN]");
  const auto lock = lock_results(a.results_dir);
  SamplerRunConfig cfg;
  cfg.results_dir = a.results_dir;
  for (const auto& d : ocl::select_devices(a.device)) std::cout << run_sampler(d, cfg) << "\n";
  return 0;
}

// Study 4 makes its own images: no base image, no pyramid scale.
int run_tiled_experiment(const RunArgs& a) {
  if (!a.base_image.empty() || a.scale != 0)
    throw Error("--base and --scale do not apply to the tiled experiment",
                "run it as: filterlab run tiled --results DIR [--device PATTERN] [--repetitions N] [--variants TEXT]");
  if (a.repetitions < 0) throw Error("--repetitions must be positive");
  const auto lock = lock_results(a.results_dir);
  TiledRunConfig cfg;
  cfg.results_dir = a.results_dir;
  cfg.variants = a.variants;
  cfg.repetitions = a.repetitions;
  cfg.warmup = a.warmup;
  for (const auto& d : ocl::select_devices(a.device)) std::cout << run_tiled(d, cfg) << "\n";
  return 0;
}

// Study 5 reads the Y plane (--base) and takes its own scale: a centre crop per side on CPUs.
int run_epsilon_experiment(const RunArgs& a) {
  if (a.base_image.empty())
    throw Error("epsilon needs --base", "give the Y plane of the derived JPEG (make data writes build/data/epsilon_y_3264x2448.pgm)");
  if (!a.variants.empty()) throw Error("--variants applies to scharr_gradient_variants only");
  if (a.repetitions < 0) throw Error("--repetitions must be positive");
  const auto lock = lock_results(a.results_dir);
  EpsilonRunConfig cfg;
  cfg.base_image = a.base_image;
  cfg.results_dir = a.results_dir;
  cfg.scale = a.scale;
  cfg.repetitions = a.repetitions;
  cfg.warmup = a.warmup;
  for (const auto& d : ocl::select_devices(a.device)) std::cout << run_epsilon(d, cfg) << "\n";
  return 0;
}

// Study 6a makes its own images at the paper's sizes; --variants picks benchmarks, --scale divides the sides.
int run_imagecl_experiment(const RunArgs& a) {
  if (!a.base_image.empty()) throw Error("--base does not apply to the imagecl experiment",
                                         "run it as: filterlab run imagecl --results DIR [--device PATTERN] [--samples N] "
                                         "[--variants sepconv|conv2d_u8|harris] [--scale 1|2|4|8] [--repetitions N]");
  if (a.repetitions < 0) throw Error("--repetitions must be positive");
  const auto lock = lock_results(a.results_dir);
  ImageclRunConfig cfg;
  cfg.results_dir = a.results_dir;
  cfg.benchmarks = a.variants;
  cfg.samples = a.samples;
  cfg.scale = a.scale;
  cfg.repetitions = a.repetitions;
  cfg.warmup = a.warmup;
  for (const auto& d : ocl::select_devices(a.device)) std::cout << run_imagecl(d, cfg) << "\n";
  return 0;
}

// Study 6b: exhaustive sub-spaces, simulated strategies, the tuning database.
int run_tuning_experiment(const RunArgs& a) {
  if (!a.base_image.empty() || a.scale != 0 || !a.variants.empty())
    throw Error("--base, --scale and --variants do not apply to the tuning experiment",
                "run it as: filterlab run tuning --results DIR [--device PATTERN] [--spaces TEXT] [--seeds N] "
                "[--full-budget N] [--time-limit S] [--cpu-divisor D] [--repetitions N]");
  if (a.repetitions < 0 || a.seeds <= 0 || a.cpu_divisor <= 0) throw Error("--repetitions, --seeds and --cpu-divisor must be positive");
  const auto lock = lock_results(a.results_dir);
  TuningRunConfig cfg;
  cfg.results_dir = a.results_dir;
  cfg.spaces = a.spaces;
  cfg.seeds = a.seeds;
  cfg.full_budget = a.full_budget;
  cfg.wide = a.wide;
  cfg.time_limit_s = a.time_limit_s;
  cfg.settings.cpu_divisor = a.cpu_divisor;
  cfg.settings.repetitions = a.repetitions;
  for (const auto& d : ocl::select_devices(a.device)) std::cout << run_tuning(d, cfg) << "\n";
  return 0;
}

}  // namespace

int cmd_run(const RunArgs& a) {
  if (a.experiment == "sampler") return run_sampler_experiment(a);
  if (a.experiment == "tiled") return run_tiled_experiment(a);
  if (a.experiment == "imagecl") return run_imagecl_experiment(a);
  if (a.experiment == "epsilon") return run_epsilon_experiment(a);
  if (a.experiment == "tuning") return run_tuning_experiment(a);
  if (a.experiment != "scharr_single_storage" && a.experiment != "scharr_gradient_variants" &&
      a.experiment != "pyramid_storage")
    throw Error("unknown experiment '" + a.experiment + "'",
                "available: scharr_single_storage, scharr_gradient_variants, pyramid_storage, sampler, tiled, epsilon, imagecl, tuning");
  if (a.base_image.empty()) throw Error(a.experiment + " needs --base", "give the derived base image (make data writes it)");
  if (a.repetitions < 0) throw Error("--repetitions must be positive");
  if (!a.variants.empty() && a.experiment != "scharr_gradient_variants")
    throw Error("--variants applies to scharr_gradient_variants and tiled only");
  const auto lock = lock_results(a.results_dir);
  PyramidRunConfig common;
  common.base_image = a.base_image;
  common.results_dir = a.results_dir;
  common.scale = a.scale;
  common.repetitions = a.repetitions;
  common.warmup = a.warmup;
  const auto devices = ocl::select_devices(a.device);
  if (a.experiment == "scharr_single_storage") {
    ScharrStorageConfig cfg;
    static_cast<PyramidRunConfig&>(cfg) = common;
    for (const auto& d : devices) std::cout << run_scharr_single_storage(d, cfg) << "\n";
  } else if (a.experiment == "pyramid_storage") {
    PyramidStorageConfig cfg;
    static_cast<PyramidRunConfig&>(cfg) = common;
    for (const auto& d : devices) std::cout << run_pyramid_storage(d, cfg) << "\n";
  } else {
    GradientVariantsConfig cfg;
    static_cast<PyramidRunConfig&>(cfg) = common;
    cfg.variants = a.variants;
    for (const auto& d : devices) std::cout << run_scharr_gradient_variants(d, cfg) << "\n";
  }
  return 0;
}

}  // namespace filterlab::cli
