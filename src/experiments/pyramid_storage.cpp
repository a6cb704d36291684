#include "experiments/pyramid_storage.hpp"

#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "error.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "io/atomic_file.hpp"
#include "ocl/limits.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "pyramid_storage";

struct Stores {
  LevelStore in, out;
};

struct Config {
  GradientVariant variant;
  std::unique_ptr<GradientRunner> runner;
  Stores* stores = nullptr;
  ocl::Samples samples;
};

// The study's configurations, all registered variants: scharr.single and scharr.local on `s` (at
// 16x16, the runtime's default local size, and the 5x5 local-size sweep).
std::vector<GradientVariant> study_variants(Storage s) {
  std::vector<GradientVariant> out;
  for (const auto& v : registered_scharr_variants())
    if (v.storage == s && (v.family == "scharr.single" || v.family == "scharr.local")) out.push_back(v);
  return out;
}

void log(const std::string& text) { std::cerr << "[" << kExperiment << "] " << text << "\n"; }

// The article's table: one row per storage type, its calls per filter counted by the runner.
nlohmann::json storage_table_row(Storage s, const Config& c) {
  return {{"storage", std::string(storage_name(s))},
          {"host_type", std::string(storage_host_type(s))},
          {"kernel_type", std::string(storage_kernel_type(s))},
          {"kernel_calls_per_filter", c.runner->launch_count(c.stores->in) / 2}};  // d/dx and d/dy
}

void print_summary(const std::vector<Config>& configs, const std::string& device) {
  std::printf("# %s: scharr.single, both derivatives over the pyramid, median kernel / wall ms\n", device.c_str());
  for (const auto& c : configs) {
    if (c.variant.family != "scharr.single" || c.variant.local_w != 16 || c.variant.local_h != 16) continue;
    const auto k = summarize(c.samples.kernel_ms), w = summarize(c.samples.wall_ms);
    std::printf("  %-40s %10.3f %10.3f\n", c.variant.id().c_str(), k.median, w.median);
  }
}

using StoreMap = std::map<Storage, std::unique_ptr<Stores>>;

// Every storage x configuration the device allows, its stores allocated and the input uploaded;
// the others are listed in `unsupported` with the reason.
std::vector<Config> runnable_configs(ocl::Runtime& rt, const PyramidInput& input, ref::Border border, StoreMap& stores,
                                     nlohmann::json& unsupported) {
  std::vector<Config> configs;
  for (Storage s : kAllStorages) {
    const auto name = std::string(storage_name(s));
    try {
      auto st = std::make_unique<Stores>();
      st->in = allocate_levels(rt, s, input.shapes, "the pyramid");
      st->out = allocate_levels(rt, s, input.shapes, "the filtered pyramid");
      upload_levels(rt, st->in, input.levels);
      stores[s] = std::move(st);
    } catch (const Unsupported& e) {  // a device limit: an image buffer's length, say
      log("storage " + name + " unsupported: " + e.what());
      unsupported.push_back({{"storage", name}, {"id", nullptr}, {"reason", e.what()}});
      continue;
    }
    for (const auto& v : study_variants(s)) {
      try {
        Config c;
        c.variant = v;
        c.runner = std::make_unique<GradientRunner>(rt, v, border);
        c.stores = stores[s].get();
        configs.push_back(std::move(c));
      } catch (const Unsupported& e) {  // a work-group or local memory beyond the device's limits
        log(v.id() + " unsupported: " + e.what());
        unsupported.push_back(
            {{"storage", name}, {"id", v.id()}, {"local_size", {v.local_w, v.local_h}}, {"reason", e.what()}});
      }
    }
  }
  return configs;
}

// The oracle judges every configuration, both derivatives, before anything is timed.
void verify_configs(ocl::Runtime& rt, std::vector<Config>& configs, const PyramidInput& input, ref::Border border) {
  for (int k : {3, 5, 7, 9})
    for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
      log("verifying k" + std::to_string(k) + (axis == ref::Axis::X ? " d/dx" : " d/dy"));
      const auto oracle = octave_oracle(input, k, axis, border);
      for (auto& c : configs)
        if (c.variant.ksize == k)
          verify_pyramid(rt, *c.runner, c.stores->in, c.stores->out, axis, input.levels, oracle,
                         scharr_tolerance(k, axis));
    }
}

// Minimum traffic per sample: each derivative reads every pixel once and writes it once.
nlohmann::json storage_row(const Config& c, const PyramidInput& input, double GBps) {
  const std::uint64_t bytes_min = 2ull * 2ull * sizeof(float) * input.pixels;
  auto row =
      timing_row(c.variant, c.runner->options(), c.runner->launch_count(c.stores->in), bytes_min, GBps, c.samples);
  const auto [wg_size, wg_multiple] = c.runner->work_group_info();
  row["default_local_size"] = c.variant.default_local_size();
  row["kernel_work_group_size"] = wg_size;
  row["preferred_work_group_size_multiple"] = wg_multiple;
  row["kernel_program_sha256"] = c.runner->source().sha256;
  return row;
}

nlohmann::json storage_provenance(const ocl::DeviceInfo& dev, const PyramidStorageConfig& cfg,
                                  const std::vector<Config>& configs, const PyramidInput& input, int reps,
                                  const measure::Bandwidth& bw, const nlohmann::json& unsupported) {
  std::vector<const ocl::ProgramSource*> used;
  for (const auto& c : configs) used.push_back(&c.runner->source());
  auto prov = provenance(dev, per_row_sources(used), "per row (rows[].build_options)");
  add_pyramid_provenance(prov, input, cfg.warmup, reps, cfg.seed);
  prov["border"] = std::string(ref::border_name(cfg.border));
  prov["copy_bandwidth_GBps"] = bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(bw);
  nlohmann::json table = nlohmann::json::array();
  for (Storage s : kAllStorages)
    for (const auto& c : configs)
      if (c.variant.storage == s && c.variant.family == "scharr.single") {
        table.push_back(storage_table_row(s, c));
        break;
      }
  prov["storage_table"] = table;
  prov["unsupported"] = unsupported;
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  return prov;
}

}  // namespace

std::string run_pyramid_storage(const ocl::Device& device, const PyramidStorageConfig& cfg) {
  const auto& dev = device.info;
  const int scale = choose_scale(dev, cfg.scale);
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  log(dev.name + ": loading " + cfg.base_image);
  const auto input = load_pyramid(cfg.base_image, scale);
  ocl::check_total_memory(dev, 2ull * 4ull * store_bytes(input.shapes),
                          "the pyramid in four storage types (input and output)");
  ocl::Runtime rt(device);
  log("measuring copy bandwidth");
  const auto bw = measure::measure_copy_bandwidth(rt);
  nlohmann::json unsupported = nlohmann::json::array();
  StoreMap stores;
  auto configs = runnable_configs(rt, input, cfg.border, stores, unsupported);
  if (configs.empty()) throw Error("no storage type could hold the pyramid on " + dev.name, "see the messages above");
  verify_configs(rt, configs, input, cfg.border);
  auto sample = [&](Config& c, ocl::Samples& into) {
    ocl::take_sample(
        rt.queue, [&] { return enqueue_each_axis(*c.runner, c.stores->in, c.stores->out); }, into);
  };
  measure::measure_configs(configs, {cfg.warmup, reps, true, cfg.seed, kExperiment, false}, sample);

  nlohmann::json rows = nlohmann::json::array();
  for (const auto& c : configs) rows.push_back(storage_row(c, input, bw.best_GBps()));
  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  result["provenance"] = storage_provenance(dev, cfg, configs, input, reps, bw, unsupported);
  result["rows"] = rows;
  write_result(out_path, result, "rows");
  log("wrote " + out_path);
  print_summary(configs, dev.name);
  return out_path;
}

}  // namespace filterlab
