#include "experiments/imagecl.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/cpu_yardsticks.hpp"
#include "experiments/imagecl_tuned.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "io/atomic_file.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/kernel_resources.hpp"
#include "ocl/runtime.hpp"
#include "stats.hpp"
#include "util/cpu_side_divisor.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "imagecl";

// What the tuned kernel costs the device (registers on NVIDIA; the driver's limits everywhere):
// the evidence for what limits its time.
nlohmann::json resources_json(const ocl::Runtime& rt, const imagecl::Launcher& l, const std::string& kernel) {
  const auto r = ocl::kernel_resources(rt.context, rt.device, l.kernel(), l.source(), l.options(), kernel);
  nlohmann::json j = {{"max_work_group_size", r.max_work_group_size},
                      {"preferred_work_group_multiple", r.preferred_multiple},
                      {"private_bytes", r.private_bytes},
                      {"local_bytes", r.local_bytes}};
  if (!r.compiler_report.empty()) j["compiler_report"] = r.compiler_report;
  if (!r.ptx_instructions.empty()) j["ptx_instructions"] = r.ptx_instructions;
  return j;
}

// The device's sub-group extensions (cl_khr_subgroups, cl_khr_subgroup_shuffle, vendor ones): where
// none is listed, warp-level sharing has no OpenCL form on the device and local memory stands in.
nlohmann::json subgroup_extensions(const ocl::Device& device) {
  nlohmann::json out = nlohmann::json::array();
  std::istringstream in(device.device.getInfo<CL_DEVICE_EXTENSIONS>());
  for (std::string e; in >> e;)
    if (e.find("subgroup") != std::string::npos || e.find("sub_group") != std::string::npos) out.push_back(e);
  return out;
}

struct Timed {
  std::string benchmark, kernel;
  imagecl::Config config;
  std::unique_ptr<imagecl::Launcher> launcher;
  ocl::Samples samples;
  cl::NDRange global;  // the launch's global size, read while the arguments are bound
};

// What the timed configurations are: per kernel the tuned one first, its exact twin second, then
// the samples; the IDs of the tuned ones and of the twins, and the space's record.
struct Selection {
  std::vector<std::vector<imagecl::Config>> per_kernel;
  std::set<std::string> tuned_ids, twin_ids;
};

Selection select_configs(const imagecl::Benchmark& b, const ImageclRunConfig& cfg, const ocl::DeviceInfo& dev,
                         const nlohmann::json& tuning, nlohmann::json& spaces) {
  Selection sel;
  for (const auto& k : b.kernels) {
    const auto& space = imagecl::kernel_space(k);
    auto configs = imagecl::sample_configs(space, cfg.samples, cfg.seed, dev, cfg.max_unrolled);
    spaces[k] = {{"configurations", space.configurations}, {"sampled", configs.size()}};
    // The tuned configuration first: pipeline 0 is every kernel at its tuned configuration.
    const auto t = tuned_config(tuning, k, space);
    spaces[k]["tuned"] = t.record;
    if (!t.config.empty()) {
      configs.erase(std::remove(configs.begin(), configs.end(), t.config), configs.end());
      configs.insert(configs.begin(), t.config);
      sel.tuned_ids.insert(imagecl::config_id(space, t.config));
      // Its exact twin second (pipeline 1 runs every kernel's twin): the same kernel with every
      // float operation rounded, timed beside the one tuned under OpenCL's default contraction.
      if (const auto twin = exact_twin(space, t.config)) {
        configs.erase(std::remove(configs.begin(), configs.end(), *twin), configs.end());
        configs.insert(configs.begin() + 1, *twin);
        sel.twin_ids.insert(imagecl::config_id(space, *twin));
      }
    }
    sel.per_kernel.push_back(std::move(configs));
  }
  return sel;
}

// Every pipeline verified first, on the image it is timed on (a wrong result stops the run; a
// device limit skips the pipeline, recorded in `skipped`); each kernel configuration timed once.
std::vector<Timed> verified_pipelines(ocl::Runtime& rt, const imagecl::Benchmark& b, const Selection& sel, int side,
                                      const ref::Image& input, const ref::Image& oracle, nlohmann::json& skipped) {
  std::vector<Timed> timed;
  std::size_t rows_here = 0;
  for (const auto& s : sel.per_kernel) rows_here = std::max(rows_here, s.size());
  for (std::size_t i = 0; i < rows_here; ++i) {
    std::vector<imagecl::Config> configs;
    for (const auto& s : sel.per_kernel) configs.push_back(s[i % s.size()]);
    std::cerr << "[" << kExperiment << "] " << b.name << " " << side << "^2: verifying pipeline " << i + 1 << "/"
              << rows_here << "\n";
    try {
      const auto o = imagecl::check_benchmark(rt, b, configs, input, oracle);
      if (!o.passed)
        throw Error(o.ids.front() + " ... disagrees with the oracle at " + o.where,
                    "this is a compiler or kernel bug; nothing was timed");
    } catch (const Unsupported& e) {
      skipped.push_back({{"benchmark", b.name}, {"pipeline", i}, {"unsupported", e.what()}});
      continue;
    }
    for (std::size_t k = 0; k < b.kernels.size(); ++k) {
      if (i >= sel.per_kernel[k].size()) continue;
      Timed t;
      t.benchmark = b.name, t.kernel = b.kernels[k], t.config = configs[k];
      t.launcher = std::make_unique<imagecl::Launcher>(rt, imagecl::kernel_space(t.kernel), t.config);
      timed.push_back(std::move(t));
    }
  }
  return timed;
}

nlohmann::json imagecl_row(ocl::Runtime& rt, const Timed& t, const Selection& sel, int side) {
  const auto& space = imagecl::kernel_space(t.kernel);
  auto row = launch_row(t, side);
  // The kernel is the family; a configuration of it is a variant, timed on one image size.
  add_row_keys(row, "imagecl." + t.kernel, t.launcher->id(), std::to_string(side) + "x" + std::to_string(side));
  row["tuned"] = sel.tuned_ids.count(t.launcher->id()) > 0;
  row["exact_twin"] = sel.twin_ids.count(t.launcher->id()) > 0;
  for (std::size_t p = 0; p < space.params.size(); ++p)
    if (space.params[p].name == "exact") row["exact"] = t.config[p];
  if (row["tuned"] || row["exact_twin"]) row["resources"] = resources_json(rt, *t.launcher, t.kernel);
  return row;
}

}  // namespace

std::string run_imagecl(const ocl::Device& device, const ImageclRunConfig& cfg) {
  const auto& dev = device.info;
  ocl::Runtime rt(device);
  const int scale = cfg.scale > 0 ? cfg.scale : (dev.is_cpu() ? kCpuSideDivisor : 1);
  if (scale != 1 && scale != 2 && scale != 4 && scale != 8) throw Error("--scale must be 1, 2, 4 or 8");
  const int reps = choose_repetitions(dev, cfg.repetitions);
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  // The roofline beside every time: the device's copy bandwidth (bytes read plus written).
  std::cerr << "[" << kExperiment << "] " << dev.name << ": measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);
  nlohmann::json rows = nlohmann::json::array(), skipped = nlohmann::json::array(), spaces = nlohmann::json::object();
  nlohmann::json yardsticks = nlohmann::json::array();
  std::vector<std::string> yardstick_files;
  const std::string tuning_path = cfg.results_dir + "/tuning/" + dev.slug + ".json";
  const nlohmann::json tuning = read_tuning(tuning_path);
  std::vector<ocl::GeneratedSource> sources;
  for (const auto& b : imagecl::benchmarks()) {
    if (b.name.find(cfg.benchmarks) == std::string::npos) continue;
    const int side = paper_side(imagecl::computes(b)) / scale;  // a fused pipeline: its unfused benchmark's size
    const auto input = imagecl::benchmark_input(side, side, cfg.seed);
    const auto oracle = imagecl::benchmark_oracle(b, input);
    const auto sel = select_configs(b, cfg, dev, tuning, spaces);
    for (const auto& k : b.kernels) sources.push_back({"imagecl/" + k + ".cl", imagecl::kernel_space(k).opencl});
    auto timed = verified_pipelines(rt, b, sel, side, input, oracle, skipped);
    // On CPUs the hand-written kernels doing the same work, in the same rounds: the bar where Halide's is out of reach.
    std::optional<YardstickRun> yard;
    if (dev.is_cpu()) yard.emplace(rt, b.name, input, oracle);
    time_launchers(rt, timed, side, input, dev.global_mem_bytes, cfg.warmup, reps, cfg.seed,
                   std::string(kExperiment) + " " + b.name,
                   yard ? yard->cases() : std::vector<measure::MeasuredCase*>{});
    for (const auto& t : timed) rows.push_back(imagecl_row(rt, t, sel, side));
    if (yard) {
      for (auto& r : yard->rows()) yardsticks.push_back(r);
      for (const auto& f : yard->files())
        if (std::find(yardstick_files.begin(), yardstick_files.end(), f) == yardstick_files.end())
          yardstick_files.push_back(f);
    }
  }
  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  // Each kernel is its own program (rows[].program_sha256); the files' hashes come from all of them.
  auto all = ocl::load_program_source(yardstick_files, sources);
  all.sha256 = "per row (rows[].program_sha256)";
  auto prov = provenance(dev, all, "per row (-D switches of the configuration)");
  prov["scale"] = scale;
  prov["samples_per_kernel"] = cfg.samples;
  if (cfg.max_unrolled > 0) prov["samples_max_unrolled"] = cfg.max_unrolled;
  prov["tuning_database"] = tuning.is_null() ? nlohmann::json(nullptr) : nlohmann::json(tuning_path);
  prov["spaces"] = spaces;
  prov["warmup"] = cfg.warmup;
  prov["repetitions"] = reps;
  prov["order_seed"] = cfg.seed;
  prov["input"] = "random integers 0..255 (exact float results for the convolutions), square images";
  prov["verification"] = "every sampled pipeline compared with the oracle on the image it is timed on before timing";
  prov["yardsticks"] =
      "on CPU devices, hand-written OpenCL kernels doing a benchmark's work (kernels/yardstick/), "
      "verified like the pipelines, each stage timed on the benchmark input in the same rounds";
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  prov["subgroup_extensions"] = subgroup_extensions(device);
  prov["copy_bandwidth_GBps"] = bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(bw);
  result["provenance"] = prov;
  result["rows"] = rows;
  result["unsupported"] = skipped;
  result["yardsticks"] = yardsticks;
  write_result(out_path, result, "rows");
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

}  // namespace filterlab
