#include "experiments/scharr_single_storage.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "io/atomic_file.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/limits.hpp"
#include "reference/scharr.hpp"
#include "reference/tolerances.hpp"
#include "stats.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "scharr_single_storage";

struct Config {
  GradientVariant variant;
  std::unique_ptr<GradientRunner> runner;
  LevelStore* in = nullptr;
  LevelStore* out = nullptr;
  ocl::Samples samples;
};

}  // namespace

std::string run_scharr_single_storage(const ocl::Device& device, const ScharrStorageConfig& cfg) {
  const auto& dev = device.info;
  const int scale = choose_scale(dev, cfg.scale);
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  for (int k : cfg.sizes)
    if (!ref::valid_scharr_size(k))
      throw Error("filter size " + std::to_string(k) + " is not supported", "use 3, 5, 7 or 9");
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  std::cerr << "[" << kExperiment << "] " << dev.name << ": loading " << cfg.base_image << "\n";
  const auto input = load_pyramid(cfg.base_image, scale);
  const auto& pyramid = input.levels;
  const auto& shapes = input.shapes;
  const std::size_t pixels = input.pixels;
  const std::uint64_t bytes_all = 4ull * store_bytes(shapes);  // in + out, for both storage types
  ocl::check_total_memory(dev, bytes_all, "the pyramid in both storage types (input and output)");

  ocl::Runtime rt(device);
  std::cerr << "[" << kExperiment << "] measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);
  std::cerr << "[" << kExperiment << "] copy bandwidth " << bw.best_GBps() << " GB/s\n";

  std::vector<std::unique_ptr<LevelStore>> stores;
  std::vector<Config> configs;
  for (Storage st : {Storage::Images, Storage::Buffer}) {  // the foundation's comparison
    auto in = std::make_unique<LevelStore>(allocate_levels(rt, st, shapes, "the pyramid"));
    auto out = std::make_unique<LevelStore>(allocate_levels(rt, st, shapes, "the filtered pyramid"));
    upload_levels(rt, *in, pyramid);
    for (int k : cfg.sizes) {
      Config c;
      c.variant = GradientVariant{"scharr.single", st, k, cfg.local_w, cfg.local_h};
      c.runner = std::make_unique<GradientRunner>(rt, c.variant, cfg.border);
      c.in = in.get();
      c.out = out.get();
      configs.push_back(std::move(c));
    }
    stores.push_back(std::move(in));
    stores.push_back(std::move(out));
  }

  // The oracle judges every configuration before anything is timed.
  for (int k : cfg.sizes) {
    for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
      std::cerr << "[" << kExperiment << "] verifying k" << k << (axis == ref::Axis::X ? " d/dx" : " d/dy") << "\n";
      const auto oracle = octave_oracle(input, k, axis, cfg.border);
      const double tolerance = scharr_tolerance(k, axis);
      for (auto& c : configs)
        if (c.variant.ksize == k) verify_pyramid(rt, *c.runner, *c.in, *c.out, axis, pyramid, oracle, tolerance);
    }
  }

  auto sample = [&](Config& c, ocl::Samples& into) {
    ocl::take_sample(
        rt.queue, [&] { return enqueue_each_axis(*c.runner, *c.in, *c.out); }, into);
  };
  measure::measure_configs(configs, {cfg.warmup, reps, true, cfg.seed, kExperiment, false}, sample);

  const ocl::ProgramSource source = configs.front().runner->source();
  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  // Options differ per row only in KSIZE and FL_STORAGE; each row records its exact options.
  auto prov = provenance(dev, source, build_options_pattern(configs.front().runner->options()));
  add_pyramid_provenance(prov, input, cfg.warmup, reps, cfg.seed);
  prov["border"] = std::string(ref::border_name(cfg.border));
  prov["local_size"] = {cfg.local_w, cfg.local_h};
  prov["copy_bandwidth_GBps"] = bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(bw);
  // The host's peak resident memory so far (the pyramid, its oracle and read-back copies).
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  result["provenance"] = prov;
  // Minimum traffic per sample: each filter reads every pixel once and writes every pixel once.
  const std::uint64_t bytes_min = 2ull * 2ull * sizeof(float) * pixels;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& c : configs)
    rows.push_back(timing_row(c.variant, c.runner->options(), c.runner->launch_count(*c.in), bytes_min, bw.best_GBps(),
                              c.samples));
  result["rows"] = rows;
  write_result(out_path, result, "rows");
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

}  // namespace filterlab
