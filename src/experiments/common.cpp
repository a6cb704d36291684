#include "experiments/common.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>

#include "error.hpp"
#include "experiments/row_keys.hpp"
#include "io/netpbm.hpp"
#include "reference/correlate.hpp"
#include "reference/pyramid.hpp"
#include "reference/scharr.hpp"
#include "reference/tolerances.hpp"
#include "util/cpu_side_divisor.hpp"
#include "util/parse_value.hpp"
#include "verify/compare.hpp"

namespace filterlab {

void verify_pyramid(ocl::Runtime& rt, GradientRunner& runner, const LevelStore& in, LevelStore& out, ref::Axis axis,
                    const std::vector<ref::Image>& pyramid, const std::vector<ref::Image>& oracle_per_octave,
                    double tolerance) {
  runner.enqueue(in, out, axis);
  const auto got = download_levels(rt, out);
  for (std::size_t i = 0; i < got.size(); ++i) {
    const auto cmp = compare_images(got[i], oracle_per_octave[i / 4], tolerance);
    if (!cmp.passed())
      throw Error(runner.variant().id() + (axis == ref::Axis::X ? " d/dx" : " d/dy") +
                      " disagrees with the oracle on level " + std::to_string(i) + " (" +
                      std::to_string(pyramid[i].width) + "x" + std::to_string(pyramid[i].height) +
                      "): " + cmp.describe(got[i], oracle_per_octave[i / 4]),
                  "this is a kernel bug; nothing was timed");
  }
}

std::vector<ref::Image> octave_oracle(const PyramidInput& in, int ksize, ref::Axis axis, ref::Border border) {
  std::vector<ref::Image> oracle;
  for (std::size_t lvl = 0; lvl < in.levels.size(); lvl += 4)
    oracle.push_back(ref::correlate2d(in.levels[lvl], ref::scharr_kernel(ksize, axis), border));
  return oracle;
}

double scharr_tolerance(int ksize, ref::Axis axis) {
  double sum_abs_w = 0;
  for (double w : ref::scharr_kernel(ksize, axis).w) sum_abs_w += std::abs(w);
  return tol::float_accumulation_bound(static_cast<std::size_t>(ksize * ksize), sum_abs_w, 1.0);  // pixels <= 1
}

std::vector<cl::Event> enqueue_each_axis(GradientRunner& runner, const LevelStore& in, LevelStore& out) {
  auto events = runner.enqueue(in, out, ref::Axis::X);
  const auto y = runner.enqueue(in, out, ref::Axis::Y);
  events.insert(events.end(), y.begin(), y.end());
  return events;
}

ocl::ProgramSource per_row_sources(const std::vector<const ocl::ProgramSource*>& sources) {
  ocl::ProgramSource all;
  for (const auto* s : sources)
    for (const auto& [file, hash] : s->hashes) all.hashes[file] = hash;
  all.sha256 = "per row (rows[].kernel_program_sha256)";
  if (!sources.empty()) all.origin = sources.front()->origin;
  return all;
}

int choose_scale(const ocl::DeviceInfo& dev, int requested) {
  int scale = requested;
  if (scale == 0) {
    scale = 1;
    if (dev.is_cpu()) {
      scale = static_cast<int>(env_integer_in("FILTERLAB_CPU_SCALE", {1, 2, 4, 8}).value_or(kCpuSideDivisor));
    }
  }
  if (scale != 1 && scale != 2 && scale != 4 && scale != 8)
    throw Error("scale " + std::to_string(scale) + " is not supported", "use 1, 2, 4 or 8 (per image dimension)");
  return scale;
}

int choose_repetitions(const ocl::DeviceInfo& dev, int requested) {
  if (requested < 0) throw Error("repetitions must be positive");
  return requested > 0 ? requested : (dev.is_cpu() ? 10 : 30);
}

PyramidInput load_pyramid(const std::string& base_image, int scale) {
  PyramidInput in;
  in.base_image = base_image;
  in.scale = scale;
  ref::Image base = io::read_netpbm(base_image);
  for (int s = scale; s > 1; s /= 2) base = ref::downsample_box2x2(base);  // reduced scale for CPU devices
  in.base_width = base.width;
  in.base_height = base.height;
  in.levels = ref::build_pyramid(base);
  std::vector<std::pair<int, int>> sizes;
  for (const auto& l : in.levels) sizes.emplace_back(l.width, l.height);
  in.shapes = pack_levels(sizes);
  in.pixels = ref::pyramid_pixels(base.width, base.height);
  return in;
}

nlohmann::json bandwidth_json(const measure::Bandwidth& bw) {
  return {{"bytes_per_copy", bw.bytes_per_copy},
          {"kernel_GBps", bw.kernel_GBps},
          {"enqueue_copy_GBps", bw.enqueue_GBps},
          {"kernel_ms", summary_json(bw.kernel_copy_ms)},
          {"enqueue_copy_ms", summary_json(bw.enqueue_copy_ms)},
          {"split_copy_GBps", bw.split_GBps},
          {"split_copy_ms", summary_json(bw.split_copy_ms)}};
}

double floor_ms(std::uint64_t bytes, double GBps) { return static_cast<double>(bytes) / (GBps * 1e9) * 1e3; }

nlohmann::json timing_row(const GradientVariant& v, const std::string& options, std::size_t launches,
                          std::uint64_t bytes_min, double GBps, const ocl::Samples& samples) {
  const auto k = summarize(samples.kernel_ms);
  const double floor = floor_ms(bytes_min, GBps);
  nlohmann::json row = {{"storage", std::string(storage_name(v.storage))},
                        {"ksize", v.ksize},
                        {"local_size", {v.local_w, v.local_h}},
                        {"build_options", options},
                        {"launches_per_sample", launches},
                        {"bytes_min", bytes_min},
                        {"floor_ms", floor},
                        {"roofline_fraction", floor / k.median}};
  row.update(measure::timing_fields(samples));
  add_row_keys(row, v.family, v.id());  // one row per variant: the case is the variant
  return row;
}

void add_pyramid_provenance(nlohmann::json& prov, const PyramidInput& in, int warmup, int repetitions, unsigned seed) {
  prov["scale"] = in.scale;
  prov["base_image"] = in.base_image;
  prov["base_width"] = in.base_width;
  prov["base_height"] = in.base_height;
  prov["pyramid_pixels"] = in.pixels;
  prov["warmup"] = warmup;
  prov["repetitions"] = repetitions;
  prov["order_seed"] = seed;
}

double peak_host_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace filterlab
