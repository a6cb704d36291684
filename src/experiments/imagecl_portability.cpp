#include "experiments/imagecl_portability.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/imagecl_tuned.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "io/atomic_file.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/runtime.hpp"
#include "stats.hpp"
#include "util/cpu_side_divisor.hpp"

namespace filterlab {
namespace {

// The source's tuned configuration of a kernel is its full-space best; a tuning result without one
// (a run whose live searches were skipped, as in the quick pipeline) ships the best of its
// exhaustive sub-spaces instead, recorded as such in found_by.
nlohmann::json with_subspace_fallback(const nlohmann::json& tuning, const std::string& kernel) {
  if (tuning.is_null() || !tuning.contains("best") || tuning["best"].contains("imagecl." + kernel)) return tuning;
  const nlohmann::json* pick = nullptr;
  for (const auto& [key, entry] : tuning["best"].items())
    if (key.rfind("imagecl." + kernel + ":", 0) == 0 && entry.contains("variant_id") && entry.contains("time_ms") &&
        (!pick || entry["time_ms"].get<double>() < (*pick)["time_ms"].get<double>()))
      pick = &entry;
  if (!pick) return tuning;
  nlohmann::json out = tuning;
  out["best"]["imagecl." + kernel] = *pick;
  out["best"]["imagecl." + kernel]["found_by"] = "best of the exhaustive sub-spaces (no full-space best)";
  return out;
}

constexpr const char* kExperiment = "imagecl_portability";

// One source device: its tuning result (the "best" of every kernel it tuned).
struct Source {
  std::string slug, name, file, commit;
  nlohmann::json tuning;
};

// Every tuning result in <results>/tuning/ (the target's own included), by file name.
std::vector<Source> read_sources(const std::string& results_dir, nlohmann::json& skipped) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(results_dir) / "tuning";
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_directory(dir, ec))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Source> out;
  for (const auto& f : files) {
    auto tuning = read_tuning(f.string());
    if (!tuning.is_object() || tuning.value("experiment", "") != "tuning" || !tuning.contains("best") ||
        !tuning["best"].is_object()) {
      skipped.push_back({{"file", f.string()}, {"reason", "not a tuning result with a \"best\" object"}});
      continue;
    }
    const auto prov = tuning.value("provenance", nlohmann::json::object());
    Source s;
    s.slug = f.stem().string();  // results are named <device slug>.json
    s.name = prov.value("device", s.slug);
    s.file = f.string();
    s.commit = prov.value("commit", "");
    s.tuning = std::move(tuning);
    out.push_back(std::move(s));
  }
  if (out.empty())
    throw Error("no tuning result in " + dir.string(),
                "run the tuning experiment first (filterlab run tuning), or copy the committed "
                "experiments/results/tuning/*.json there");
  return out;
}

struct Timed {
  std::size_t source = 0;
  std::string set;  // "filterlab": the full space's tuned configuration; "paper": the paper's transformations only
  std::string benchmark, kernel;
  imagecl::Config config;
  nlohmann::json tuned;  // the source's record of this configuration (found_by, tuned_ms, commit)
  std::unique_ptr<imagecl::Launcher> launcher;
  ocl::Samples samples;
  cl::NDRange global;
};

// What one benchmark's (source, transformations) pairs came to besides their timed kernels.
struct PairOutcomes {
  nlohmann::json unsupported = nlohmann::json::array(), missing = nlohmann::json::array();
};

// One source's tuned pipeline of `b` ("filterlab": its full-space best, "paper": its fastest with the
// paper's transformations only) built, checked against the oracle on the image it is timed on, and
// appended to `timed`; or recorded in `out` as missing (no configuration) or unsupported (a device
// limit or a build failure). A wrong result throws: nothing is timed then.
void prepare_pair(ocl::Runtime& rt, const imagecl::Benchmark& b, const std::vector<Source>& sources, std::size_t s,
                  const std::string& set, int side, const ref::Image& input, const ref::Image& oracle,
                  std::vector<Timed>& timed, PairOutcomes& out) {
  const auto& dev = rt.device.info;
  const auto& src = sources[s];
  const nlohmann::json pair = {
      {"benchmark", b.name}, {"source_device_slug", src.slug}, {"source_device", src.name}, {"transformations", set}};
  // The source's tuned configuration of every kernel of the pipeline.
  std::vector<imagecl::Config> configs;
  std::vector<nlohmann::json> records;
  for (const auto& k : b.kernels) {
    const auto& space = imagecl::kernel_space(k);
    const auto t = set == "paper" ? paper_tuned_config(src.tuning, k, space)
                                  : tuned_config(with_subspace_fallback(src.tuning, k), k, space);
    if (t.config.empty()) {
      auto m = pair;
      m["reason"] = k + ": " + t.record.value("none", "no configuration");
      out.missing.push_back(m);
      return;
    }
    configs.push_back(t.config);
    records.push_back(t.record);
  }
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < b.kernels.size(); ++i)
    ids.push_back(imagecl::config_id(imagecl::kernel_space(b.kernels[i]), configs[i]));
  auto refuse = [&](const std::string& kind, const std::string& reason) {
    auto u = pair;
    u["variant_ids"] = ids;
    u["kind"] = kind;
    u["unsupported"] = reason;
    out.unsupported.push_back(u);
    std::cerr << "[" << kExperiment << "] " << b.name << " (" << set << ") from " << src.slug << ": unsupported ("
              << reason << ")\n";
  };
  // The target's limits that need no build (work-group, local/constant memory, image support, ...).
  for (std::size_t i = 0; i < b.kernels.size(); ++i)
    if (auto v = imagecl::violation(imagecl::kernel_space(b.kernels[i]), configs[i], dev); !v.empty())
      return refuse("device_limit", ids[i] + ": " + v);
  // Build every kernel: the driver's own limits (CL_KERNEL_WORK_GROUP_SIZE) and build failures.
  std::vector<std::unique_ptr<imagecl::Launcher>> launchers;
  try {
    for (std::size_t i = 0; i < b.kernels.size(); ++i)
      launchers.push_back(std::make_unique<imagecl::Launcher>(rt, imagecl::kernel_space(b.kernels[i]), configs[i]));
  } catch (const Unsupported& e) {
    return refuse("device_limit", e.what());
  } catch (const Error& e) {
    return refuse("build", e.what());
  }
  // Verify on the image it is timed on; a wrong result stops the run.
  std::cerr << "[" << kExperiment << "] " << b.name << " " << side << "^2 (" << set << ") from " << src.slug
            << ": verifying\n";
  try {
    const auto o = imagecl::check_benchmark(rt, b, configs, input, oracle);
    if (!o.passed)
      throw Error(ids.front() + " ... (tuned on " + src.slug + ") disagrees with the oracle at " + o.where,
                  "this is a compiler or kernel bug; nothing was timed");
  } catch (const Unsupported& e) {
    return refuse("device_limit", e.what());
  }
  for (std::size_t i = 0; i < b.kernels.size(); ++i) {
    Timed t;
    t.source = s, t.set = set, t.benchmark = b.name, t.kernel = b.kernels[i], t.config = configs[i],
    t.tuned = records[i];
    t.launcher = std::move(launchers[i]);
    timed.push_back(std::move(t));
  }
}

nlohmann::json portability_row(const Timed& t, const Source& src, const std::string& device_slug, int side) {
  auto row = launch_row(t, side);
  row.update({{"source_device_slug", src.slug},
              {"source_device", src.name},
              {"source_tuning_commit", src.commit},
              {"source_found_by", t.tuned.value("found_by", "")},
              {"source_time_ms", t.tuned.value("tuned_ms", 0.0)},
              {"own", src.slug == device_slug},
              {"transformations", t.set}});
  // The kernel is the family, the configuration the variant; a case: its size and where it was tuned.
  add_row_keys(
      row, "imagecl." + t.kernel, t.launcher->id(),
      std::to_string(side) + "x" + std::to_string(side) + "/from:" + src.slug + (t.set == "paper" ? "/paper" : ""));
  return row;
}

nlohmann::json portability_provenance(const ocl::DeviceInfo& dev, const ImageclPortabilityRunConfig& cfg,
                                      const std::vector<Source>& sources, const nlohmann::json& skipped_files,
                                      const std::vector<ocl::GeneratedSource>& kernel_files, int scale, int reps,
                                      const measure::Bandwidth& bw) {
  auto all = ocl::load_program_source({}, kernel_files);
  all.sha256 = "per row (rows[].program_sha256)";
  auto prov = provenance(dev, all, "per row (-D switches of the configuration)");
  nlohmann::json source_list = nlohmann::json::array();
  for (const auto& s : sources)
    source_list.push_back(
        {{"device_slug", s.slug},
         {"device", s.name},
         {"file", s.file},
         {"commit", s.commit},
         {"device_type", s.tuning.value("provenance", nlohmann::json::object()).value("device_type", "")},
         {"date", s.tuning.value("provenance", nlohmann::json::object()).value("date", "")}});
  prov["sources"] = source_list;
  if (!skipped_files.empty()) prov["sources_skipped"] = skipped_files;
  prov["scale"] = scale;
  prov["warmup"] = cfg.warmup;
  prov["repetitions"] = reps;
  prov["order_seed"] = cfg.seed;
  prov["input"] =
      "random integers 0..255 (exact float results for the convolutions), square images (as the imagecl experiment)";
  prov["transformations"] =
      "filterlab: each source's tuned configuration of the full space (FilterLab's extensions included); paper: the "
      "fastest configuration in the source's tuning result that uses only the ImageCL paper's transformations (its "
      "Table 1), for the benchmarks of unfused kernels";
  prov["verification"] = "every source's pipeline compared with the oracle on the image it is timed on before timing";
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  prov["copy_bandwidth_GBps"] = bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(bw);
  return prov;
}

}  // namespace

std::string run_imagecl_portability(const ocl::Device& device, const ImageclPortabilityRunConfig& cfg) {
  const auto& dev = device.info;
  ocl::Runtime rt(device);
  const int scale = cfg.scale > 0 ? cfg.scale : (dev.is_cpu() ? kCpuSideDivisor : 1);
  if (scale != 1 && scale != 2 && scale != 4 && scale != 8) throw Error("--scale must be 1, 2, 4 or 8");
  const int reps = choose_repetitions(dev, cfg.repetitions);
  nlohmann::json skipped_files = nlohmann::json::array();
  const auto sources = read_sources(cfg.results_dir, skipped_files);
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  std::cerr << "[" << kExperiment << "] " << dev.name << ": " << sources.size()
            << " source device(s); measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);
  nlohmann::json rows = nlohmann::json::array();
  PairOutcomes outcomes;
  std::vector<ocl::GeneratedSource> kernel_files;
  std::size_t benchmarks_run = 0;
  for (const auto& b : imagecl::benchmarks()) {
    if (b.name.find(cfg.benchmarks) == std::string::npos) continue;
    ++benchmarks_run;
    const int side = paper_side(imagecl::computes(b)) / scale;  // the imagecl experiment's sizes
    const auto input = imagecl::benchmark_input(side, side, cfg.seed);
    const auto oracle = imagecl::benchmark_oracle(b, input);
    for (const auto& k : b.kernels) kernel_files.push_back({"imagecl/" + k + ".cl", imagecl::kernel_space(k).opencl});
    // A benchmark of unfused kernels is shipped twice per source: with FilterLab's extensions (the
    // source's tuned configuration of the full space) and with the paper's transformations alone.
    const bool unfused = std::none_of(b.kernels.begin(), b.kernels.end(), [](const std::string& k) {
      const auto& args = imagecl::kernel_space(k).args;
      return std::any_of(args.begin(), args.end(), [](const imagecl::SpaceArg& a) { return !a.stage.empty(); });
    });
    std::vector<Timed> timed;
    for (std::size_t s = 0; s < sources.size(); ++s)
      for (const std::string set : {"filterlab", "paper"})
        if (set == "filterlab" || unfused) prepare_pair(rt, b, sources, s, set, side, input, oracle, timed, outcomes);
    time_launchers(rt, timed, side, input, dev.global_mem_bytes, cfg.warmup, reps, cfg.seed,
                   std::string(kExperiment) + " " + b.name);
    for (const auto& t : timed) rows.push_back(portability_row(t, sources[t.source], dev.slug, side));
  }
  if (benchmarks_run == 0)
    throw Error("--variants '" + cfg.benchmarks + "' matches no ImageCL benchmark",
                "`filterlab imagecl-show` lists them");
  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  result["provenance"] = portability_provenance(dev, cfg, sources, skipped_files, kernel_files, scale, reps, bw);
  result["rows"] = rows;
  result["unsupported"] = outcomes.unsupported;
  result["missing"] = outcomes.missing;
  write_result(out_path, result, "rows");
  std::cerr << "[" << kExperiment << "] wrote " << out_path << " (" << rows.size() << " rows, "
            << outcomes.unsupported.size() << " unsupported pairs, " << outcomes.missing.size()
            << " without a configuration)\n";
  return out_path;
}

}  // namespace filterlab
