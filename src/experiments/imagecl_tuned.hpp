#pragma once
// What the ImageCL experiments share about the tuner's results: the paper's image sides, a device's
// tuning result (its "best": the tuning database) and the tuned configuration of one kernel in it.
// Used by `imagecl` (Study 6a: the device's own tuned configuration beside sampled ones) and by
// `imagecl_portability` (every device's tuned configuration on the device it runs on).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "experiments/common.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {

// The paper's image sides (section 6): separable 4096^2 float, non-separable 8192^2 uchar, Harris 5120^2 float.
int paper_side(const std::string& benchmark);

// A tuning experiment's result file (its "best": the tuning database), or null when there is none.
// Throws filterlab::Error when the file exists but is not JSON.
nlohmann::json read_tuning(const std::string& path);

struct Tuned {
  imagecl::Config config;  // empty: none
  nlohmann::json record;   // where it came from, or why there is none
};

// The best known configuration of a kernel's full space in a tuning result, when the result has one
// that this build's space can still express.
Tuned tuned_config(const nlohmann::json& tuning, const std::string& kernel, const imagecl::KernelSpace& space);

// Whether a configuration uses only the ImageCL paper's transformations (its Table 1: work-group
// size, coarsening, interleaving, image, constant and local memory, unrolling): every FilterLab
// extension (interior split, register window, vector loads and stores, literal weights) at its first
// value, which is off, and the kernel is not a fused pipeline (fusion is an extension too).
bool paper_transformations_only(const imagecl::KernelSpace& space, const imagecl::Config& config);

// The fastest configuration of a kernel in a tuning result that uses only the paper's
// transformations: the faster of its full-space best and every sub-space's best that qualify.
Tuned paper_tuned_config(const nlohmann::json& tuning, const std::string& kernel, const imagecl::KernelSpace& space);

// The configuration with FP contraction off (`exact` 1) when the kernel offers the switch and `config`
// leaves OpenCL's default contraction on; nullopt otherwise.
std::optional<imagecl::Config> exact_twin(const imagecl::KernelSpace& space, const imagecl::Config& config);

// Times every launcher of `timed` (each T has launcher, kernel, global and samples) with the common
// protocol on the benchmark input, the cases of `also` in the same shuffled rounds. Every configuration's images stay
// resident while it is timed when they fit in half the device memory (at most 4 images of 4 bytes per pixel each);
// otherwise they are bound around each sample (untimed), which costs host time for every sample at the paper's sizes.
template <class T>
void time_launchers(ocl::Runtime& rt, std::vector<T>& timed, int side, const ref::Image& input,
                    std::uint64_t device_mem, int warmup, int reps, unsigned seed, const std::string& label,
                    const std::vector<measure::MeasuredCase*>& also = {}) {
  const std::uint64_t per_launcher = 16ull * static_cast<std::uint64_t>(side) * static_cast<std::uint64_t>(side);
  const bool resident = per_launcher * timed.size() <= device_mem / 2;
  if (resident)
    for (auto& t : timed) t.launcher->bind(imagecl::timing_args(t.kernel, input)), t.global = t.launcher->global();
  const auto sample = [&](T& t, ocl::Samples& into) {
    if (!resident) t.launcher->bind(imagecl::timing_args(t.kernel, input)), t.global = t.launcher->global();
    ocl::take_sample(
        rt.queue, [&] { return std::vector<cl::Event>{t.launcher->enqueue()}; }, into);
    if (!resident) t.launcher->release();
  };
  measure::measure_configs(timed, {warmup, reps, true, seed, label, false}, sample, also);
  if (resident)
    for (auto& t : timed) t.launcher->release();
}

// The fields every ImageCL row shares: the timed launch (kernel, size, build options, program hash,
// work sizes, local memory) and the timing fields. `t` as for time_launchers.
template <class T>
nlohmann::json launch_row(const T& t, int side) {
  nlohmann::json row = {{"benchmark", t.benchmark},
                        {"kernel", t.kernel},
                        {"width", side},
                        {"height", side},
                        {"build_options", t.launcher->options()},
                        {"program_sha256", t.launcher->source().sha256},
                        {"local_size", {t.launcher->local()[0], t.launcher->local()[1]}},
                        {"global_size", {t.global[0], t.global[1]}},
                        {"local_bytes", imagecl::local_bytes(imagecl::kernel_space(t.kernel), t.config)}};
  row.update(measure::timing_fields(t.samples));
  return row;
}

}  // namespace filterlab
