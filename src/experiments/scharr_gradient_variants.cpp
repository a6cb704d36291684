#include "experiments/scharr_gradient_variants.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "io/atomic_file.hpp"
#include "ocl/limits.hpp"
#include "reference/scharr.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "scharr_gradient_variants";
// Minimum traffic per pixel: the input read once, d/dx and d/dy written once.
constexpr std::uint64_t kBytesPerPixel = 3 * sizeof(float);

struct Stores {
  LevelStore in, out_x, out_y;
};

struct Config {
  GradientVariant variant;
  std::unique_ptr<GradientRunner> runner;
  Stores* stores = nullptr;
  ocl::Samples samples;
};

// The oracle's d/dx and d/dy for the first level of every octave (the other levels are copies).
struct Oracle {
  std::vector<ref::Image> x, y;
};

Oracle oracle_for(const PyramidInput& in, int ksize, ref::Border border) {
  Oracle o;
  for (std::size_t lvl = 0; lvl < in.levels.size(); lvl += 4) {
    o.x.push_back(ref::correlate2d(in.levels[lvl], ref::scharr_kernel(ksize, ref::Axis::X), border));
    o.y.push_back(ref::correlate2d(in.levels[lvl], ref::scharr_kernel(ksize, ref::Axis::Y), border));
  }
  return o;
}

// Poisons both outputs, runs the variant once and compares every level of both with the oracle.
void verify_config(ocl::Runtime& rt, Config& c, const PyramidInput& in, const Oracle& oracle) {
  fill_levels(rt, c.stores->out_x, std::nanf(""));
  fill_levels(rt, c.stores->out_y, std::nanf(""));
  c.runner->enqueue_both(c.stores->in, c.stores->out_x, c.stores->out_y);
  const double tolerance = float_tolerance(c.variant, 1.0);  // pixels are v/255 <= 1
  for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
    const bool x = axis == ref::Axis::X;
    const auto got = download_levels(rt, x ? c.stores->out_x : c.stores->out_y);
    const auto& want = x ? oracle.x : oracle.y;
    for (std::size_t i = 0; i < got.size(); ++i) {
      const auto cmp = compare_images(got[i], want[i / 4], tolerance);
      if (!cmp.passed())
        throw Error(c.variant.id() + (x ? " d/dx" : " d/dy") + " disagrees with the oracle on level " +
                        std::to_string(i) + " (" + std::to_string(in.levels[i].width) + "x" +
                        std::to_string(in.levels[i].height) + "): " + cmp.describe(got[i], want[i / 4]),
                    "this is a kernel bug; nothing was timed");
    }
  }
}

// Level 0 alone: its launches within the pyramid, or an enqueue of its own where it shares them.
nlohmann::json level0_json(const Config& c, const PyramidInput& in, double GBps, bool with_pyramid) {
  const auto& l = in.shapes.front();
  const std::uint64_t bytes =
      kBytesPerPixel * static_cast<std::uint64_t>(l.width) * static_cast<std::uint64_t>(l.height);
  const double floor = floor_ms(bytes, GBps);
  const auto k = summarize(c.samples.leading_kernel_ms);
  return {{"width", l.width},
          {"height", l.height},
          {"bytes_min", bytes},
          {"floor_ms", floor},
          {"kernel_ms", summary_json(k)},
          {"roofline_fraction", floor / k.median},
          {"samples_kernel_ms", c.samples.leading_kernel_ms},
          {"timed_with_pyramid", with_pyramid}};  // true: sample i is part of the pyramid's sample i
}

void print_summary(const nlohmann::json& rows, const std::string& device, const measure::Bandwidth& bw,
                   const measure::Bandwidth& bw0) {
  const nlohmann::json* best = nullptr;
  const nlohmann::json* best0 = nullptr;
  for (const auto& r : rows) {
    if (!best || r["roofline_fraction"] > (*best)["roofline_fraction"]) best = &r;
    if (!best0 || r["level0"]["roofline_fraction"] > (*best0)["level0"]["roofline_fraction"]) best0 = &r;
  }
  std::printf("# %s: both derivatives, minimum traffic 12 bytes per pixel\n", device.c_str());
  std::printf("best over the pyramid:   %-48s %8.3f ms (floor %.3f ms) = %5.1f%% of copy bandwidth\n",
              (*best)["variant_id"].get<std::string>().c_str(), (*best)["kernel_ms"]["median"].get<double>(),
              (*best)["floor_ms"].get<double>(), 100.0 * (*best)["roofline_fraction"].get<double>());
  std::printf("best on the largest level: %-46s %8.3f ms (floor %.3f ms) = %5.1f%% of copy bandwidth\n",
              (*best0)["variant_id"].get<std::string>().c_str(),
              (*best0)["level0"]["kernel_ms"]["median"].get<double>(), (*best0)["level0"]["floor_ms"].get<double>(),
              100.0 * (*best0)["level0"]["roofline_fraction"].get<double>());
  std::printf(
      "copy bandwidth %.0f GB/s; a one-read-two-writes stream (a two-output filter's mix) reaches %.0f GB/s = %.1f%%\n",
      bw.best_GBps(), bw.split_GBps, 100.0 * bw.split_GBps / bw.best_GBps());
  std::printf(
      "at level 0's size (%.0f MB in): copy %.0f GB/s = %.1f%%, one-read-two-writes %.0f GB/s = %.1f%% of copy "
      "bandwidth\n",
      static_cast<double>(bw0.bytes_per_copy) / 1e6, bw0.best_GBps(), 100.0 * bw0.best_GBps() / bw.best_GBps(),
      bw0.split_GBps, 100.0 * bw0.split_GBps / bw.best_GBps());
}

// This study's storages: images (the article's) and the buffer (ours); the storage study has the others.
std::vector<GradientVariant> measured_variants(const ocl::DeviceInfo& dev, const std::string& filter) {
  std::vector<GradientVariant> variants;
  for (const auto& v : find_scharr_variants(filter))
    if ((v.storage == Storage::Buffer || (v.storage == Storage::Images && dev.image_support)) &&
        !v.storage_study_only())
      variants.push_back(v);
  if (!dev.image_support)
    std::cerr << "[" << kExperiment << "] " << dev.name << " has no image support: measuring buffer variants only\n";
  if (variants.empty()) throw Error("no variant to measure on " + dev.name, "choose buffer variants with --variants");
  return variants;
}

// The input pyramid, two outputs per storage type the variants use (the separable temporary is
// the runner's), uploaded.
std::map<Storage, std::unique_ptr<Stores>> allocate_stores(ocl::Runtime& rt,
                                                           const std::vector<GradientVariant>& variants,
                                                           const PyramidInput& input) {
  std::map<Storage, std::unique_ptr<Stores>> stores;
  for (const auto& v : variants) stores[v.storage] = nullptr;
  ocl::check_total_memory(rt.device.info, 4ull * stores.size() * store_bytes(input.shapes),
                          "the pyramid, two outputs and a temporary per storage type");
  for (auto& [st, s] : stores) {
    s = std::make_unique<Stores>();
    s->in = allocate_levels(rt, st, input.shapes, "the pyramid");
    s->out_x = allocate_levels(rt, st, input.shapes, "the d/dx pyramid");
    s->out_y = allocate_levels(rt, st, input.shapes, "the d/dy pyramid");
    upload_levels(rt, s->in, input.levels);
  }
  return stores;
}

// Every variant built and judged by the oracle on every level before anything is timed.
std::vector<Config> verified_configs(ocl::Runtime& rt, const std::vector<GradientVariant>& variants,
                                     std::map<Storage, std::unique_ptr<Stores>>& stores, const PyramidInput& input,
                                     ref::Border border) {
  std::vector<Config> configs;
  for (const auto& v : variants) {
    std::cerr << "[" << kExperiment << "] building " << v.id() << "          \r" << std::flush;
    Config c;
    c.variant = v;
    c.runner = std::make_unique<GradientRunner>(rt, v, border);
    c.stores = stores[v.storage].get();
    configs.push_back(std::move(c));
  }
  std::cerr << "\n";
  std::map<int, bool> sizes;
  for (const auto& v : variants) sizes[v.ksize] = true;
  for (const auto& [k, unused] : sizes) {
    std::cerr << "[" << kExperiment << "] oracle for k" << k << "\n";
    const auto oracle = oracle_for(input, k, border);
    for (auto& c : configs) {
      if (c.variant.ksize != k) continue;
      std::cerr << "[" << kExperiment << "] verifying " << c.variant.id() << "          \r" << std::flush;
      verify_config(rt, c, input, oracle);
    }
    std::cerr << "\n";
  }
  return configs;
}

// Both derivatives of the whole pyramid, level 0's launches first; where level 0 shares its
// launches with other levels (an octave, or every level) it is timed in an enqueue of its own.
void sample_both(ocl::Runtime& rt, Config& c, ocl::Samples& into) {
  const bool alone = c.runner->level0_launched_alone(c.stores->in);
  ocl::take_sample(
      rt.queue, [&] { return c.runner->enqueue_both(c.stores->in, c.stores->out_x, c.stores->out_y); }, into,
      alone ? c.runner->launch_count(c.stores->in, 1) : 0);
  if (alone) return;
  ocl::Samples level0;
  ocl::take_sample(
      rt.queue, [&] { return c.runner->enqueue_both(c.stores->in, c.stores->out_x, c.stores->out_y, 1); }, level0, 0);
  into.leading_kernel_ms.push_back(level0.kernel_ms.front());
}

nlohmann::json gradient_row(const Config& c, const PyramidInput& input, double GBps) {
  const std::uint64_t bytes_min = kBytesPerPixel * input.pixels;
  const auto launches = c.runner->launch_count(c.stores->in);
  auto row = timing_row(c.variant, c.runner->options(), launches, bytes_min, GBps, c.samples);
  row["copy_pattern"] = copy_pattern_name(c.variant.copy_pattern());
  row["outputs"] = 2;
  row["kernel_program_sha256"] = c.runner->source().sha256;
  row["level0"] = level0_json(c, input, GBps, c.runner->level0_launched_alone(c.stores->in));
  return row;
}

nlohmann::json gradient_provenance(const ocl::DeviceInfo& dev, const GradientVariantsConfig& cfg,
                                   const std::vector<Config>& configs, const PyramidInput& input, int reps,
                                   const measure::Bandwidth& bw, const measure::Bandwidth& bw0) {
  // Every kernel file any configuration used, with its hash.
  std::vector<const ocl::ProgramSource*> used;
  for (const auto& c : configs) used.push_back(&c.runner->source());
  auto prov = provenance(dev, per_row_sources(used), "per row (rows[].build_options)");
  add_pyramid_provenance(prov, input, cfg.warmup, reps, cfg.seed);
  prov["border"] = std::string(ref::border_name(cfg.border));
  prov["local_size"] = {16, 16};
  prov["copy_bandwidth_GBps"] = bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(bw);
  prov["copy_bandwidth_level0_size"] = bandwidth_json(bw0);
  prov["bytes_per_pixel_min"] = kBytesPerPixel;
  prov["level0_width"] = input.shapes.front().width;
  prov["level0_height"] = input.shapes.front().height;
  nlohmann::json family_names = nlohmann::json::array();
  for (const auto& f : scharr_families()) family_names.push_back(f.name);
  prov["families"] = family_names;
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  return prov;
}

}  // namespace

std::string run_scharr_gradient_variants(const ocl::Device& device, const GradientVariantsConfig& cfg) {
  const auto& dev = device.info;
  const int scale = choose_scale(dev, cfg.scale);
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  const auto variants = measured_variants(dev, cfg.variants);
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  std::cerr << "[" << kExperiment << "] " << dev.name << ": loading " << cfg.base_image << "\n";
  const auto input = load_pyramid(cfg.base_image, scale);
  ocl::Runtime rt(device);
  std::cerr << "[" << kExperiment << "] measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);
  std::cerr << "[" << kExperiment << "] copy bandwidth " << bw.best_GBps() << " GB/s\n";
  // The same probe at level 0's size (its input bytes): how much of the roofline a pure stream of
  // that size reaches, the ceiling beside the level-0 figure.
  const auto bw0 =
      measure::measure_copy_bandwidth(rt, sizeof(float) * static_cast<std::uint64_t>(input.shapes.front().width) *
                                          static_cast<std::uint64_t>(input.shapes.front().height));
  auto stores = allocate_stores(rt, variants, input);
  auto configs = verified_configs(rt, variants, stores, input, cfg.border);
  measure::measure_configs(configs, {cfg.warmup, reps, true, cfg.seed, kExperiment, false},
                           [&](Config& c, ocl::Samples& into) { sample_both(rt, c, into); });

  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  result["provenance"] = gradient_provenance(dev, cfg, configs, input, reps, bw, bw0);
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& c : configs) rows.push_back(gradient_row(c, input, bw.best_GBps()));
  result["rows"] = rows;
  write_result(out_path, result, "rows");
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  print_summary(rows, dev.name, bw, bw0);
  return out_path;
}

}  // namespace filterlab
