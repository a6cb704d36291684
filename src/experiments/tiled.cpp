#include "experiments/tiled.hpp"

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "families/tiled/tiled_runner.hpp"
#include "families/tiled/tiled_verify.hpp"
#include "io/atomic_file.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "reference/tolerances.hpp"
#include "stats.hpp"
#include "util/parse_value.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "tiled";
constexpr int kSizes[] = {512, 1024, 2048, 4096, 8192};
constexpr int kKsizes[] = {3, 5};
constexpr int kCountSide = 1024;  // the image of the instrumented runs
const ref::Border kBorder = ref::Border::Reflect101;

struct Geometry {
  const char* name;  // "full" or "interior"
  ref::Roi sroi, troi;
};
// The whole image, or an interior ROI of 3/4 of each side, read at (n/8, n/8) and written at
// (n/16, n/16): every group class occurs, and the target offset differs from the source's.
Geometry geometry(const char* name, int n) {
  if (std::string(name) == "full") return {name, {0, 0, n, n}, {0, 0, n, n}};
  const int s = 3 * n / 4;
  return {name, {n / 8, n / 8, s, s}, {n / 16, n / 16, s, s}};
}

ref::Image integer_image(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> v(0, 127);  // exact float results with the study's weights
  ref::Image img(n, n);
  for (auto& p : img.px) p = static_cast<float>(v(rng));
  return img;
}

struct Config {
  TiledVariant variant;
  std::unique_ptr<TiledRunner> runner;
  Geometry geo;
  ocl::Samples samples;
};

nlohmann::json counts_json(const TiledCounts& c, double pixels_all, const TiledClassCounts& classes) {
  const char* names[] = {"global_reads", "global_writes", "local_reads", "local_writes", "arithmetic"};
  nlohmann::json all, free;
  for (int i = 0; i < 5; ++i) all[names[i]] = static_cast<double>(c.total(static_cast<TiledCounter>(i))) / pixels_all;
  // Groups free on read and write (the tiled kernel's class 1 and 3): the paper's interior counts.
  const std::uint64_t free_groups = c.by_class[3][kGroups];
  if (free_groups)
    for (int i = 0; i < 5; ++i)
      free[names[i]] =
          static_cast<double>(c.by_class[3][static_cast<std::size_t>(i)]) / (1024.0 * static_cast<double>(free_groups));
  nlohmann::json groups = nlohmann::json::array();
  for (std::size_t k = 0; k < 4; ++k) groups.push_back(c.by_class[k][kGroups]);
  nlohmann::json host_groups = nlohmann::json::array();
  for (std::size_t k = 0; k < 4; ++k) host_groups.push_back(classes.groups[k]);
  return {{"per_pixel_all", all},
          {"per_pixel_free_groups", free},
          {"groups_by_class", groups},
          {"groups_by_class_host", host_groups}};
}

using Runners = std::map<std::string, std::unique_ptr<TiledRunner>>;  // one per variant, shared by sizes

// The largest side run: the configuration's, else $FILTERLAB_TILED_MAX_SIZE, else 2048 on CPUs and
// 8192 on GPUs; below the smallest size it would leave no row, so it is refused.
int max_side(const ocl::DeviceInfo& dev, int requested) {
  const int max_size =
      requested != 0
          ? requested
          : static_cast<int>(
                env_integer("FILTERLAB_TILED_MAX_SIZE", kSizes[0], 1L << 20).value_or(dev.is_cpu() ? 2048 : 8192));
  if (max_size < kSizes[0])
    throw Error("maximum size " + std::to_string(max_size) + " leaves no image size to run",
                "the tiled study runs sides 512 to 8192: give at least 512");
  return max_size;
}

// Every design x filter size x geometry on an n x n image, each compared exactly with the ROI
// oracle on the image it is timed on (target poisoned) before anything is timed.
std::vector<Config> verified_configs(ocl::Runtime& rt, Runners& runners, const std::vector<TiledVariant>& variants,
                                     int n, const ref::Image& src, const DeviceImage& d_src, DeviceImage& d_dst) {
  const std::uint64_t bytes = 4ull * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  const ref::Image poisoned(n, n, kPoison);
  std::vector<Config> configs;
  for (const char* gname : {"full", "interior"}) {
    const Geometry geo = geometry(gname, n);
    for (int k : kKsizes) {
      const auto [kx, ky] = ref::tiled_weights(k);
      const ref::Image want = ref::filter_roi(src, geo.sroi, poisoned, geo.troi, kx, ky, kBorder);
      for (const auto& v : variants) {
        if (v.ksize != k) continue;
        rt.queue.enqueueFillBuffer(d_dst.buffer, kPoison, 0, bytes);
        runners[v.id()]->enqueue(d_src, geo.sroi, d_dst, geo.troi);
        const auto got = download_image(rt, d_dst);
        const auto cmp = compare_images(got, want, tol::kIntegerExact);
        if (!cmp.passed())
          throw Error(v.id() + " disagrees with the oracle on " + std::to_string(n) + "^2 (" + gname +
                          "): " + cmp.describe(got, want),
                      "this is a kernel bug; nothing was timed");
        Config c;
        c.variant = v;
        c.geo = geo;
        configs.push_back(std::move(c));
      }
    }
  }
  return configs;
}

// One timed configuration's row: geometry, program, traffic floor, the copy of this size's
// fraction, group classes and the timing fields.
nlohmann::json tiled_row(const Config& c, const TiledRunner& runner, int n, double GBps, double copy_here_ms) {
  const std::uint64_t bytes = 4ull * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
  const auto pixels = static_cast<std::uint64_t>(c.geo.sroi.width) * static_cast<std::uint64_t>(c.geo.sroi.height);
  const std::uint64_t bytes_min = 8ull * pixels;  // one read and one write per pixel
  const auto k = summarize(c.samples.kernel_ms);
  const double floor = floor_ms(bytes_min, GBps);
  const auto& t = c.variant.traits();
  const auto classes = tiled_class_counts(c.geo.sroi.width, c.geo.sroi.height, c.variant.ksize / 2);
  nlohmann::json row = {
      {"design", c.variant.design},
      {"ksize", c.variant.ksize},
      {"size", n},
      {"roi", c.geo.name},
      {"src_roi", {c.geo.sroi.x, c.geo.sroi.y, c.geo.sroi.width, c.geo.sroi.height}},
      {"dst_roi", {c.geo.troi.x, c.geo.troi.y, c.geo.troi.width, c.geo.troi.height}},
      {"pixels", pixels},
      {"local_size", {t.local_w, t.local_h}},
      {"build_options", runner.options()},
      {"kernel_program_sha256", runner.source().sha256},
      {"launches_per_sample", t.passes},
      {"bytes_min", bytes_min},
      {"floor_ms", floor},
      {"roofline_fraction", floor / k.median},
      {"same_size_copy_fraction",
       copy_here_ms * static_cast<double>(bytes_min) / (2.0 * static_cast<double>(bytes)) / k.median},
      {"tiled_groups_by_class", {classes.groups[0], classes.groups[1], classes.groups[2], classes.groups[3]}}};
  row.update(measure::timing_fields(c.samples));
  add_row_keys(row, c.variant.design, c.variant.id(), std::to_string(n) + "/" + c.geo.name);
  return row;
}

// Counts from the instrumented kernels (FL_COUNT=1) on a 1024^2 image, the whole image as ROI.
nlohmann::json access_counts(ocl::Runtime& rt, const std::vector<TiledVariant>& variants, unsigned seed) {
  std::cerr << "[" << kExperiment << "] counting accesses (instrumented kernels, " << kCountSide << "^2)\n";
  nlohmann::json counts = nlohmann::json::array();
  const ref::Image src = integer_image(kCountSide, seed);
  const auto d_src = upload_image(rt, src, "the source image");
  auto d_dst = allocate_image(rt, kCountSide, kCountSide, "the target image");
  const ref::Roi roi{0, 0, kCountSide, kCountSide};
  for (const auto& v : variants) {
    TiledRunner counter(rt, v, kBorder, 0.0f, true);
    const auto c = counter.count(d_src, roi, d_dst, roi);
    auto j = counts_json(c, static_cast<double>(kCountSide) * kCountSide,
                         tiled_class_counts(kCountSide, kCountSide, v.ksize / 2));
    add_row_keys(j, v.design, v.id(), "counts/" + std::to_string(kCountSide));
    j["design"] = v.design;
    j["ksize"] = v.ksize;
    j["image"] = kCountSide;
    counts.push_back(j);
  }
  return counts;
}

// The performance target: tiled 5x5 at 4096^2 (full image) against the copy bandwidth.
void print_target(const ocl::DeviceInfo& dev, const nlohmann::json& rows, const std::vector<int>& sizes_run,
                  double GBps) {
  const int target = sizes_run.empty() ? 0 : (sizes_run.back() >= 4096 ? 4096 : sizes_run.back());
  std::cout << "# " << dev.name << ": copy bandwidth " << GBps << " GB/s (read + write)\n";
  for (const auto& r : rows)
    if (r["size"] == target && r["roi"] == "full")
      std::cout << std::left << std::setw(32) << r["variant_id"].get<std::string>() << " " << target
                << "^2 full: " << std::setw(10) << r["kernel_ms"]["median"].get<double>() << " ms, floor "
                << std::setw(10) << r["floor_ms"].get<double>() << " ms, roofline fraction "
                << r["roofline_fraction"].get<double>() << "\n";
  for (const auto& r : rows)
    if (r["size"] == target && r["roi"] == "full" && r["variant_id"] == "tiled.amd/k5/wg8x8")
      std::cout << "performance target (tiled 5x5, " << target << "^2"
                << (target == 4096 ? "" : ", the largest size run") << "): " << std::fixed << std::setprecision(1)
                << 100.0 * r["roofline_fraction"].get<double>()
                << " % of the copy bandwidth at one read and one write per pixel (target: >= 80 % on the NVIDIA GPU); "
                << 100.0 * r["same_size_copy_fraction"].get<double>()
                << " % of a copy kernel's speed on this image's size\n";
}

}  // namespace

std::string run_tiled(const ocl::Device& device, const TiledRunConfig& cfg) {
  const auto& dev = device.info;
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  const int max_size = max_side(dev, cfg.max_size);
  std::vector<TiledVariant> variants;
  for (const auto& v : find_tiled_variants(cfg.variants))
    if (v.ksize == 3 || v.ksize == 5) variants.push_back(v);
  if (variants.empty()) throw Error("no tiled variant matches '" + cfg.variants + "'", "see `filterlab variants`");
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  ocl::Runtime rt(device);
  std::cerr << "[" << kExperiment << "] " << dev.name << ": measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);
  const double GBps = bw.best_GBps();
  std::cerr << "[" << kExperiment << "] copy bandwidth " << GBps << " GB/s\n";
  Runners runners;
  for (const auto& v : variants) runners[v.id()] = std::make_unique<TiledRunner>(rt, v, kBorder);

  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json copies = nlohmann::json::object();  // size -> copy bandwidth at that size
  std::vector<int> sizes_run;
  for (int n : kSizes) {
    if (n > max_size) continue;
    const std::uint64_t bytes = 4ull * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
    ocl::check_total_memory(dev, 3 * bytes, "the " + std::to_string(n) + "^2 source, target and intermediate");
    sizes_run.push_back(n);
    // A copy of this image's size: the ceiling a one-read-one-write kernel meets at this size (below
    // the 1-GiB roofline on small images: launch and tail effects). Recorded beside, not the floor.
    const auto copy_here = measure::measure_copy_bandwidth(rt, bytes);
    copies[std::to_string(n)] = bandwidth_json(copy_here);
    std::cerr << "[" << kExperiment << "] " << n << "x" << n << ": verifying\n";
    const ref::Image src = integer_image(n, cfg.seed + static_cast<unsigned>(n));
    const auto d_src = upload_image(rt, src, "the source image");
    auto d_dst = allocate_image(rt, n, n, "the target image");
    auto configs = verified_configs(rt, runners, variants, n, src, d_src, d_dst);
    auto sample = [&](Config& c, ocl::Samples& into) {
      ocl::take_sample(
          rt.queue, [&] { return runners[c.variant.id()]->enqueue(d_src, c.geo.sroi, d_dst, c.geo.troi); }, into);
    };
    measure::measure_configs(configs,
                             {cfg.warmup, reps, true, cfg.seed + static_cast<unsigned>(n),
                              std::string(kExperiment) + " " + std::to_string(n) + "^2", false},
                             sample);
    const double copy_here_ms = copies[std::to_string(n)]["kernel_ms"]["median"].get<double>();
    for (const auto& c : configs) rows.push_back(tiled_row(c, *runners[c.variant.id()], n, GBps, copy_here_ms));
  }
  const auto counts = access_counts(rt, variants, cfg.seed);
  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  const auto& first = *runners.begin()->second;
  std::vector<const ocl::ProgramSource*> sources;
  for (const auto& [id, runner] : runners) sources.push_back(&runner->source());
  auto prov = provenance(dev, per_row_sources(sources), build_options_pattern(first.options()));
  prov["border"] = std::string(ref::border_name(kBorder));
  prov["sizes"] = sizes_run;
  prov["max_size"] = max_size;
  prov["size_note"] = dev.is_cpu()
                          ? "CPU device: sizes capped at " + std::to_string(max_size) + "^2 and fewer repetitions"
                          : "sizes up to " + std::to_string(max_size) + "^2";
  prov["warmup"] = cfg.warmup;
  prov["repetitions"] = reps;
  prov["order_seed"] = cfg.seed;
  prov["input"] = "random integers 0..127 (exact float results), square images";
  prov["verification"] =
      "every configuration compared exactly with the ROI oracle on the image it is timed on, "
      "target poisoned outside the ROI";
  prov["copy_bandwidth_GBps"] = GBps;
  prov["copy_bandwidth"] = bandwidth_json(bw);
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  prov["copy_by_size"] = copies;
  result["provenance"] = prov;
  result["rows"] = rows;
  result["counts"] = counts;
  write_result(out_path, result, "rows");

  print_target(dev, rows, sizes_run, GBps);
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

}  // namespace filterlab
