#include "peers/peers_experiment.hpp"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <thread>

#include "build_info.hpp"
#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "io/atomic_file.hpp"
#include "measure/bandwidth.hpp"
#include "peers/halide_context.hpp"
#include "peers/halide_peer.hpp"
#include "peers/halide_sources.hpp"
#include "peers/npy.hpp"
#include "peers/opencv_peer.hpp"
#include "reference/benchmarks.hpp"
#include "reference/scharr.hpp"
#include "stats.hpp"

namespace filterlab::peers {
namespace {

constexpr const char* kExperiment = "peers";
// Full sizes (GPUs); CPU devices divide every side by the scale (workload 1: the pyramid's base).
constexpr int kSepconvSide = 4096, kConv2dSide = 8192, kHarrisSide = 5120;

struct WorkloadMaker {
  std::string id;
  std::function<Workload()> make;
};

std::vector<WorkloadMaker> workload_makers(const std::string& base_image, int scale, unsigned seed) {
  std::vector<WorkloadMaker> m;
  for (int k : {3, 5, 7, 9})
    m.push_back(
        {"scharr_pyramid/k" + std::to_string(k), [=] { return scharr_pyramid_workload(base_image, scale, k); }});
  const int s2 = kSepconvSide / scale, s3 = kConv2dSide / scale, s4 = kHarrisSide / scale;
  m.push_back({"sepconv5/" + std::to_string(s2), [=] { return sepconv_workload(s2, seed + 2); }});
  m.push_back({"conv2d5_u8/" + std::to_string(s3), [=] { return conv2d_u8_workload(s3, seed + 3); }});
  m.push_back({"harris/" + std::to_string(s4), [=] { return harris_workload(s4, seed + 4); }});
  return m;
}

std::string library_of(const std::string& peer) { return peer.rfind("opencv", 0) == 0 ? "OpenCV" : "Halide"; }

struct Config {
  std::unique_ptr<Peer> peer;
  nlohmann::json row;
  ocl::Samples samples;
};

// The host's 1-minute load average: on a shared machine, other work competes with the CPU peers.
double load_average() {
  double l[1] = {0};
  return getloadavg(l, 1) == 1 ? l[0] : -1.0;
}

std::string host_cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

nlohmann::json rows_of(const ref::Kernel2D& k) {
  nlohmann::json rows = nlohmann::json::array();
  for (int j = 0; j < k.height; ++j) {
    nlohmann::json row = nlohmann::json::array();
    for (int i = 0; i < k.width; ++i) row.push_back(k.at(i, j));
    rows.push_back(row);
  }
  return rows;
}

// The weights a job uses, for peers outside this process: correlation weights (row-major, the
// anchor at the centre), their separable factors where they exist, Harris's k.
nlohmann::json weights_json(const Job& j) {
  switch (j.kind) {
    case OpKind::Scharr: {
      const auto [kx, ky] = ref::scharr_separable(j.ksize, j.axis);
      return {{"weights", rows_of(ref::scharr_kernel(j.ksize, j.axis))}, {"kx", kx}, {"ky", ky}};
    }
    case OpKind::SepConv:
      return {{"kx", ref::sepconv_weights5()}, {"ky", ref::sepconv_weights5()}};
    case OpKind::Conv2dU8:
      return {{"weights", rows_of(ref::conv2d_u8_weights5())}};
    case OpKind::Harris:
      return {{"k", ref::kHarrisK}, {"block_size", 2}, {"sobel_size", 3}, {"sobel_scale", 1.0 / 8.0}};
  }
  return {};
}

// Halide's CUDA pipelines are offered where the OpenCL device is an NVIDIA GPU: the same GPU, which
// Halide's CUDA runtime opens itself (device 0; the GPU host has one).
bool cuda_peers_apply(const ocl::DeviceInfo& dev) {
  return !dev.is_cpu() && dev.vendor.find("NVIDIA") != std::string::npos;
}

// Where a peer's work runs: the OpenCL device, the NVIDIA GPU through CUDA, or the host's CPU.
std::string runs_on_of(const std::string& peer) {
  if (peer == "opencv_umat" || peer.rfind("halide_opencl", 0) == 0) return "opencl_device";
  if (peer.rfind("halide_cuda", 0) == 0) return "cuda_device";
  return "host_cpu";
}

// A row's head: the peer, the workload and the traffic floor; a peer on one workload (its ksize or
// size in the workload ID) is one variant, one case.
nlohmann::json peer_row(const std::string& name, const Workload& w, double floor, const nlohmann::json& timing) {
  nlohmann::json row = {{"peer", name},
                        {"library", library_of(name)},
                        {"runs_on", runs_on_of(name)},
                        {"workload", w.name},
                        {"workload_id", w.id},
                        {"ksize", w.ksize},
                        {"width", w.width},
                        {"height", w.height},
                        {"border", w.border},
                        {"calls_per_sample", w.jobs.size()},
                        {"pixels", w.pixels},
                        {"bytes_min", w.bytes_min},
                        {"floor_ms", floor},
                        {"timing", timing}};
  add_row_keys(row, "peers." + name, "peers." + name + "/" + w.id);
  return row;
}

// The peer prepared and judged by the oracle before it is timed: true when it may be timed, else
// `row` says why not (not comparable, disagrees with the oracle, failed).
bool judged_before_timing(Peer& peer, const Workload& w, nlohmann::json& row) {
  const std::string name = peer.name();
  if (auto reason = peer.not_comparable(w)) {
    row["status"] = "not_comparable";
    row["reason"] = *reason;
    return false;
  }
  std::cerr << "[" << kExperiment << "] " << w.id << ": " << name << " verifying\n";
  try {
    peer.prepare(w);
    peer.run();
    const Judgement c = judge(w, peer.outputs());
    row["max_abs_error"] = c.max_abs_error;
    row["tolerance"] = w.jobs.front().tolerance;
    if (c.passed) return true;
    row["status"] = "disagrees_with_oracle";
    row["reason"] = c.detail;
    row["evidence"] = peer.evidence();
    std::cerr << "[" << kExperiment << "] " << name << " disagrees with the oracle: " << c.detail << "\n";
  } catch (const std::exception& e) {
    row["status"] = "error";
    row["reason"] = e.what();
    std::cerr << "[" << kExperiment << "] " << name << " failed: " << e.what() << "\n";
  }
  return false;
}

// A timed peer's row: the timed samples judged too (the last sample's outputs against the oracle
// again), its wall-time summary, roofline fraction and raw samples.
nlohmann::json timed_row(const Config& c, const Workload& w) {
  const Judgement again = judge(w, c.peer->outputs());
  auto row = c.row;
  const auto s = summarize(c.samples.wall_ms);
  row["status"] = !again.passed ? "disagrees_with_oracle" : (c.peer->fell_back() ? "fallback" : "measured");
  if (!again.passed) row["reason"] = "after timing: " + again.detail;
  if (c.peer->fell_back())
    row["reason"] =
        "the UMat calls did not all run OpenCL kernels on the selected device: OpenCV's CPU fallback, "
        "not an OpenCL result";
  row["wall_ms"] = summary_json(s);
  row["roofline_fraction"] = row["floor_ms"].get<double>() / s.median;
  row["samples_wall_ms"] = c.samples.wall_ms;
  row["evidence"] = c.peer->evidence();
  return row;
}

struct RunFacts {
  const OpenCvOpenCl& selection;
  double load_start;
  int scale, reps;
  const std::vector<std::string>& workloads_run;
  const measure::Bandwidth& bw;
};

nlohmann::json peers_provenance(const ocl::DeviceInfo& dev, const PeersRunConfig& cfg, const RunFacts& f) {
  // The peers' kernels are OpenCV's (its version in libraries) and the Halide pipelines compiled
  // into this binary at build time from the definitions hashed here.
  ocl::ProgramSource peer_code;
  peer_code.hashes = halide_source_hashes();
  peer_code.sha256 = "none: OpenCV builds its own programs; the Halide pipelines are compiled into filterlab-peers";
  peer_code.origin =
      "the peers' own code: OpenCV " + cv::getVersionString() + ", Halide pipelines from src/peers/halide";
  auto prov = provenance(dev, peer_code, "");
  prov["libraries"].update(
      {{"opencv", cv::getVersionString()},
       {"halide", FILTERLAB_HALIDE_VERSION},
       {"halide_targets", {FILTERLAB_HALIDE_CPU_TARGET, FILTERLAB_HALIDE_OCL_TARGET, FILTERLAB_HALIDE_CUDA_TARGET}}});
  prov["opencv_opencl"] = f.selection.json();
  prov["opencv_threads"] = cv::getNumThreads();
  prov["host_cpu"] = host_cpu_model();
  prov["host_threads"] = std::thread::hardware_concurrency();
  prov["host_load_average_1min"] = {{"start", f.load_start}, {"end", load_average()}};
  prov["halide_opencl_device"] =
      "FilterLab's context and queue on the selected device (halide_acquire_cl_context "
      "overridden; HL_OCL_PLATFORM_NAME / HL_OCL_DEVICE_TYPE are not consulted)";
  prov["scale"] = f.scale;
  prov["size_note"] =
      f.scale == 1 ? "full sizes" : "every side divided by " + std::to_string(f.scale) + " (CPU device)";
  prov["base_image"] = cfg.base_image;
  prov["workloads"] = f.workloads_run;
  prov["warmup"] = cfg.warmup;
  prov["repetitions"] = f.reps;
  prov["order_seed"] = cfg.seed;
  prov["timing"] =
      "host wall clock per sample (every call of the workload, device work finished); the peers offer "
      "no OpenCL profiling events; see each row's 'timing'";
  prov["verification"] =
      "every peer's outputs compared with the oracle (same tolerances as FilterLab's kernels) "
      "before timing and again after the last sample";
  prov["copy_bandwidth_GBps"] = f.bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(f.bw);
  prov["roofline_note"] = std::string("floor_ms uses this OpenCL device's copy bandwidth; for host_cpu rows it is ") +
                          (dev.is_cpu() ? "the same processor's (the OpenCL device is the host CPU)"
                                        : "another processor's (the OpenCL device is not the host CPU): not a roofline "
                                          "of the CPU peers");
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  return prov;
}

}  // namespace

std::string run_peers(const ocl::Device& device, const PeersRunConfig& cfg) {
  const auto& dev = device.info;
  // OpenCV's OpenCL must be pointed at the device before anything touches cv::ocl.
  const OpenCvOpenCl selection = select_opencv_device(device);
  std::cerr << "[" << kExperiment
            << "] OpenCV's OpenCL: " << (selection.problem.empty() ? selection.device : selection.problem) << "\n";
  const double load_start = load_average();
  const int scale = choose_scale(dev, cfg.scale);
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  ocl::Runtime rt(device);
  use_for_halide_opencl(rt);
  struct ReleaseHalide {
    ~ReleaseHalide() {
      release_halide_opencl();
      release_halide_cuda();
    }
  } release_halide;  // destroyed before rt
  std::cerr << "[" << kExperiment << "] " << dev.name << ": measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);
  const double GBps = bw.best_GBps();

  std::vector<std::function<std::unique_ptr<Peer>()>> makers = {
      [] { return make_opencv_cpu(); }, [&] { return make_opencv_umat(selection); }, [] { return make_halide_cpu(); },
      [] { return make_halide_opencl(); }};
  for (const bool gpu : {false, true})  // Halide at its best: every autoscheduler beside the hand schedules
    for (const auto& s : halide_autoschedulers(gpu))
      makers.push_back([gpu, s] { return gpu ? make_halide_opencl(s) : make_halide_cpu(s); });
  // On an NVIDIA GPU Halide's CUDA target too, in the same schedules as its OpenCL one.
  if (cuda_peers_apply(dev)) {
    makers.push_back([] { return make_halide_cuda(); });
    for (const auto& s : halide_autoschedulers(true)) makers.push_back([s] { return make_halide_cuda(s); });
  }

  nlohmann::json rows = nlohmann::json::array();
  std::vector<std::string> workloads_run;
  for (const auto& wm : workload_makers(cfg.base_image, scale, cfg.seed)) {
    if (!cfg.workloads.empty() && wm.id.find(cfg.workloads) == std::string::npos) continue;
    std::cerr << "[" << kExperiment << "] " << wm.id << ": oracle\n";
    const Workload w = wm.make();
    workloads_run.push_back(w.id);
    std::vector<Config> configs;
    for (const auto& make : makers) {
      auto peer = make();
      if (!cfg.peers.empty() && peer->name().find(cfg.peers) == std::string::npos) continue;
      auto row = peer_row(peer->name(), w, floor_ms(w.bytes_min, GBps), peer->timing());
      if (!judged_before_timing(*peer, w, row)) {
        rows.push_back(row);
        continue;
      }
      Config c;
      c.peer = std::move(peer);
      c.row = row;
      configs.push_back(std::move(c));
    }
    auto sample = [](Config& c, ocl::Samples& into) {
      const auto t0 = std::chrono::steady_clock::now();
      c.peer->run();
      const auto t1 = std::chrono::steady_clock::now();
      into.wall_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    };
    measure::measure_configs(configs, {cfg.warmup, reps, true, cfg.seed, std::string(kExperiment) + " " + w.id, false},
                             sample);
    for (const auto& c : configs) rows.push_back(timed_row(c, w));
  }

  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  result["provenance"] = peers_provenance(dev, cfg, {selection, load_start, scale, reps, workloads_run, bw});
  result["rows"] = rows;
  write_result(out_path, result, "rows");
  for (const auto& r : rows) {
    std::cout << r["case_id"].get<std::string>() << ": " << r["status"].get<std::string>();
    if (r.contains("wall_ms")) std::cout << ", " << r["wall_ms"]["median"].get<double>() << " ms median";
    std::cout << "\n";
  }
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

std::string export_peer_inputs(const std::string& base_image, const std::string& out, int scale, unsigned seed) {
  if (scale != 1 && scale != 2 && scale != 4 && scale != 8) throw Error("scale must be 1, 2, 4 or 8");
  io::ensure_directory(out);
  nlohmann::json workloads = nlohmann::json::array();
  std::map<std::string, bool> names_written;  // the pyramid's levels are the same for every ksize
  for (const auto& wm : workload_makers(base_image, scale, seed)) {
    std::cerr << "[peers export] " << wm.id << "\n";
    const Workload w = wm.make();
    std::map<const ref::Image*, std::string> written;  // shared inputs and oracles are written once
    auto file_for = [&](const ref::Image* img, const std::string& stem, bool u8) {
      auto it = written.find(img);
      if (it != written.end()) return it->second;
      std::string name = stem + ".npy";
      for (auto& ch : name)
        if (ch == '/') ch = '_';
      if (!names_written[name]) write_npy(out + "/" + name, *img, u8);
      names_written[name] = true;
      return written[img] = name;
    };
    nlohmann::json jobs = nlohmann::json::array();
    for (std::size_t i = 0; i < w.jobs.size(); ++i) {
      const auto& j = w.jobs[i];
      jobs.push_back(
          {{"label", j.label},
           {"ksize", j.ksize},
           {"axis", j.axis == ref::Axis::X ? "x" : "y"},
           {"input",
            file_for(j.input.get(),
                     j.kind == OpKind::Scharr ? "scharr_pyramid_level" + std::to_string(i % 16) : w.id + "_in", w.u8)},
           {"oracle", file_for(j.oracle.get(), w.id + "_oracle" + std::to_string(i), w.u8)},
           {"tolerance", j.tolerance},
           {"definition", weights_json(j)}});
    }
    workloads.push_back({{"name", w.name},
                         {"id", w.id},
                         {"ksize", w.ksize},
                         {"width", w.width},
                         {"height", w.height},
                         {"u8", w.u8},
                         {"border", w.border},
                         {"definition", w.definition},
                         {"input_note", w.input_note},
                         {"pixels", w.pixels},
                         {"bytes_min", w.bytes_min},
                         {"jobs", jobs}});
  }
  nlohmann::json manifest = {{"schema", "filterlab.peer_inputs/1"},
                             {"commit", kCommit},
                             {"commit_dirty", kCommitDirty},
                             {"filterlab_version", kVersion},
                             {"date", utc_now_iso8601()},
                             {"scale", scale},
                             {"seed", seed},
                             {"base_image", base_image},
                             {"tolerance_rule", "max |peer - oracle| <= tolerance over every pixel of every job"},
                             {"workloads", workloads}};
  const std::string path = out + "/manifest.json";
  io::write_file_atomically(path, manifest.dump(1) + "\n");
  return path;
}

}  // namespace filterlab::peers
