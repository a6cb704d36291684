#pragma once
// What every pyramid experiment shares: the scale choice, the input pyramid, the roofline
// measurement and JSON for statistics (the timing protocol: measure/protocol.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_variant.hpp"
#include "families/gradient/level_store.hpp"
#include "measure/protocol.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"
#include "stats.hpp"

namespace filterlab {

// Settings every pyramid experiment takes from the command line.
struct PyramidRunConfig {
  std::string base_image;   // the derived 3866x4320 grey base (PGM)
  std::string results_dir;  // writes <dir>/<experiment>/<slug>.json
  int scale = 0;            // 1, 2, 4, 8 (per dimension); 0: 1 on GPUs, FILTERLAB_CPU_SCALE or 4 on CPUs
  int warmup = 3;
  int repetitions = 0;       // 0: 30 on GPUs, 10 on CPUs
  unsigned seed = 20261122;  // shuffles the measurement order
};

// 1 on GPUs; on CPUs FILTERLAB_CPU_SCALE or 4. Throws for anything but 1, 2, 4, 8.
int choose_scale(const ocl::DeviceInfo& dev, int requested);
// Repetitions when none were requested: 30 on GPUs, 10 on CPUs.
int choose_repetitions(const ocl::DeviceInfo& dev, int requested);

// The study's 16-level pyramid from the derived base image, reduced by `scale` per side first.
struct PyramidInput {
  std::string base_image;
  int scale = 1;
  int base_width = 0, base_height = 0;
  std::vector<ref::Image> levels;
  std::vector<LevelShape> shapes;  // packed one after another (buffer storage)
  std::size_t pixels = 0;
};
PyramidInput load_pyramid(const std::string& base_image, int scale);

using measure::summary_json;
nlohmann::json bandwidth_json(const measure::Bandwidth& bw);
// The time a traffic of `bytes` takes at `GBps`, in ms: the roofline floor.
double floor_ms(std::uint64_t bytes, double GBps);
// A result row's common fields: the variant's ID and description, its build options, launches per
// sample, minimum bytes and floor, kernel and wall statistics, roofline fraction and raw samples.
nlohmann::json timing_row(const GradientVariant& v, const std::string& options, std::size_t launches,
                          std::uint64_t bytes_min, double GBps, const ocl::Samples& samples);
// Provenance fields about the input pyramid and the measurement settings.
void add_pyramid_provenance(nlohmann::json& prov, const PyramidInput& in, int warmup, int repetitions, unsigned seed);
// Runs one derivative of `runner` over every level and compares each with the oracle of its
// octave (`oracle_per_octave[level / 4]`: the levels of an octave are copies); throws naming the
// variant and level on the first difference beyond `tolerance`: nothing is timed then.
void verify_pyramid(ocl::Runtime& rt, GradientRunner& runner, const LevelStore& in, LevelStore& out, ref::Axis axis,
                    const std::vector<ref::Image>& pyramid, const std::vector<ref::Image>& oracle_per_octave,
                    double tolerance);

// The oracle's derivative of the first level of every octave (the other levels are copies), and
// the float tolerance for comparing a KxK Scharr output of [0, 1] pixels with it.
std::vector<ref::Image> octave_oracle(const PyramidInput& in, int ksize, ref::Axis axis, ref::Border border);
double scharr_tolerance(int ksize, ref::Axis axis);
// d/dx then d/dy of every level into `out` with a one-derivative runner: one timed sample's work.
std::vector<cl::Event> enqueue_each_axis(GradientRunner& runner, const LevelStore& in, LevelStore& out);

// The process's peak resident memory so far, MiB.
double peak_host_rss_mib();

// The kernel files any of `sources` used, with their hashes, for the provenance of an experiment
// whose rows each record their own program hash and build options.
ocl::ProgramSource per_row_sources(const std::vector<const ocl::ProgramSource*>& sources);

}  // namespace filterlab
