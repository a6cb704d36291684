// FilterLab's own hand-written CUDA kernels as a peer: the "best known" row of each
// workload, beside NVIDIA NPP (../npp/), judged by FilterLab's oracle like every peer.
//
// Reads what `filterlab-peers export` wrote (manifest.json, .npy inputs and oracle outputs, as
// npp_peers), runs every variant of the workloads sepconv5, conv2d5_u8 and harris (variants.cuh;
// the weights, k and scales from the manifest), judges each output against the oracle with the
// manifest's tolerance (0 for variants that claim exactness) before timing it, times the variants
// that agree and the workload's same-bytes copies (the floor) with CUDA events, the L2 flushed
// before every sample, in shuffled interleaved rounds, and writes
// <results>/peers_cuda_hand/<device-slug>.json (schema_version 2,
// experiments/schemas/peers_cuda_hand.schema.json).
//
//   hand_peers --inputs DIR --results DIR --kernel-source PATH=SHA256 [--kernel-source ...]
//              [--repetitions 30] [--warmup 3] [--workloads TEXT] [--commit C] [--driver TEXT]
//              [--build-options TEXT] [--seed N]
//   hand_peers --self-test [--seed N]
//
// --self-test: every variant on small awkward sizes against CPU references (self_test.cuh); exit 1
// on any failure. Fewer than 30 repetitions are allowed for trials; the schema rejects such files.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../npp/json_lite.hpp"
#include "../npp/manifest_lite.hpp"
#include "../npp/npy_lite.hpp"
#include "../npp/result_v2.hpp"
#include "../npp/stats_lite.hpp"
#include "device_image.cuh"
#include "manifest_variants.cuh"
#include "measure.cuh"
#include "result_rows.hpp"
#include "self_test.cuh"
#include "timing.cuh"

namespace cuda_hand {

using npp_peers::Json;
using npp_peers::JsonParser;
using npp_peers::Obj;

struct Args {
  std::string inputs, results, workloads, commit, driver, build_options;
  std::map<std::string, std::string> kernel_sources;  // path -> SHA-256
  int repetitions = 30, warmup = 3;
  unsigned seed = 20261122;
  bool self_test = false;
};

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(k + " needs a value");
      return argv[++i];
    };
    if (k == "--inputs")
      a.inputs = val();
    else if (k == "--results")
      a.results = val();
    else if (k == "--workloads")
      a.workloads = val();
    else if (k == "--repetitions")
      a.repetitions = std::stoi(val());
    else if (k == "--warmup")
      a.warmup = std::stoi(val());
    else if (k == "--seed")
      a.seed = static_cast<unsigned>(std::stoul(val()));
    else if (k == "--commit")
      a.commit = val();
    else if (k == "--kernel-source")
      npp_peers::add_kernel_source(a.kernel_sources, val());
    else if (k == "--driver")
      a.driver = val();
    else if (k == "--build-options")
      a.build_options = val();
    else if (k == "--self-test")
      a.self_test = true;
    else
      throw std::runtime_error("unknown argument " + k + " (see the comment at the top of hand_peers.cu)");
  }
  if (a.self_test) return a;
  if (a.inputs.empty() || a.results.empty())
    throw std::runtime_error("--inputs DIR (from `filterlab-peers export`) and --results DIR are required");
  if (a.kernel_sources.empty())
    throw std::runtime_error(
        "--kernel-source PATH=SHA256 is required, once per source file of the kernels (run-cuda-hand-peers.sh "
        "passes peers/cuda_hand/'s files and the ../npp/ headers they include)");
  if (a.repetitions < 1 || a.warmup < 0)
    throw std::runtime_error("--repetitions must be positive and --warmup not negative");
  return a;
}

std::string cuda_version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

double event_ms(cudaStream_t stream, cudaEvent_t a, cudaEvent_t b, const std::function<void()>& fn) {
  cuda_check(cudaEventRecord(a, stream), "cudaEventRecord");
  fn();
  cuda_check(cudaEventRecord(b, stream), "cudaEventRecord");
  cuda_check(cudaEventSynchronize(b), "cudaEventSynchronize");
  float ms = 0;
  cuda_check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
  return ms;
}

// As npp_peers: 1 GiB device-to-device, bytes read plus written, for floor_ms (bytes_min at that rate).
std::pair<double, double> copy_bandwidth(cudaStream_t stream) {
  const std::size_t bytes = std::size_t{1} << 30;
  void *a = nullptr, *b = nullptr;
  cuda_check(cudaMalloc(&a, bytes), "cudaMalloc copy");
  cuda_check(cudaMalloc(&b, bytes), "cudaMalloc copy");
  cudaEvent_t e0, e1;
  cuda_check(cudaEventCreate(&e0), "cudaEventCreate");
  cuda_check(cudaEventCreate(&e1), "cudaEventCreate");
  auto copy = [&] { cuda_check(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, stream), "copy"); };
  for (int i = 0; i < 3; ++i) event_ms(stream, e0, e1, copy);
  std::vector<double> t;
  for (int i = 0; i < 20; ++i) t.push_back(event_ms(stream, e0, e1, copy));
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaFree(a);
  cudaFree(b);
  const double ms = npp_peers::median(t);
  return {2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9, ms};
}

Json read_manifest(const std::string& inputs, std::string& text) {
  std::ifstream mf(inputs + "/manifest.json");
  if (!mf)
    throw std::runtime_error(inputs + "/manifest.json not found: run `filterlab-peers export --out " + inputs +
                             "` first");
  std::stringstream s;
  s << mf.rdbuf();
  text = s.str();
  Json m = JsonParser(text).parse();
  if (m["schema"].str != "filterlab.peer_inputs/1")
    throw std::runtime_error(inputs + "/manifest.json is not a filterlab-peers export");
  return m;
}

void write_atomically(const std::string& dir, const std::string& path, const std::string& text) {
  if (std::system(("mkdir -p '" + dir + "'").c_str()) != 0) throw std::runtime_error("cannot create " + dir);
  {
    std::ofstream f(path + ".tmp");
    f << text;
    if (!f) throw std::runtime_error("cannot write " + path);
  }
  if (std::rename((path + ".tmp").c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename to " + path);
}

int run(const Args& args) {
  std::string manifest_text;
  const Json manifest = read_manifest(args.inputs, manifest_text);
  cudaStream_t stream;
  cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
  int device = 0;
  cuda_check(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp prop{};
  cuda_check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  int runtime_v = 0, driver_v = 0;
  cudaRuntimeGetVersion(&runtime_v);
  cudaDriverGetVersion(&driver_v);
  const auto bw = copy_bandwidth(stream);
  Timer timer(stream, 2 * static_cast<std::size_t>(prop.l2CacheSize), prop.multiProcessorCount);
  std::fprintf(stderr, "[%s] %s, CUDA runtime %s, L2 %d bytes (flush reads %zu), copy %.0f GB/s\n", kExperiment,
               prop.name, cuda_version_text(runtime_v).c_str(), prop.l2CacheSize, timer.flush_bytes(), bw.first);

  std::mt19937 rng(args.seed);
  std::vector<std::string> rows, floors;
  Obj sizes;
  for (const Json& wj : manifest["workloads"].arr) {
    const npp_peers::Workload w = npp_peers::read_workload(wj);
    if (!is_hand_workload(w.name)) continue;  // the Scharr pyramid: no hand-written kernels
    if (!args.workloads.empty() && w.id.find(args.workloads) == std::string::npos) continue;
    if (w.jobs.size() != 1) throw std::runtime_error(w.id + ": the hand peer computes workloads of one job");
    const npp_peers::Job& job = w.jobs.front();
    std::fprintf(stderr, "[%s] %s: loading\n", kExperiment, w.id.c_str());
    const HostImage input = npp_peers::read_npy(args.inputs + "/" + job.input);
    const HostImage oracle = npp_peers::read_npy(args.inputs + "/" + job.oracle);
    DevImage in(input.width, input.height, input.u8);
    upload(input, in);
    const std::vector<Variant> variants = manifest_variants(w, in);
    const std::string tag = std::string(kExperiment) + "] [" + w.id;
    const WorkloadMeasure m =
        measure_workload(variants, in, oracle, job.tolerance, timer, stream, prop.multiProcessorCount, args.warmup,
                         args.repetitions, rng, tag.c_str());
    for (std::string& r : variant_rows(w, m, bw.first)) rows.push_back(std::move(r));
    floors.push_back(floor_entry(w, m, in.pixel_bytes()));
    sizes.str(w.id, std::to_string(w.width) + "x" + std::to_string(w.height));
    for (const Tried& t : m.variants) {
      std::printf("%s/%s/%s: %s", kFamily, w.id.c_str(), t.v->name.c_str(), t.status.c_str());
      if (t.status == "measured") {
        const double med = npp_peers::median(t.samples);
        std::printf(", %.4f ms median", med);
        if (m.best_floor >= 0)
          std::printf(", %.2f of the same-bytes copy (%.4f ms)",
                      npp_peers::median(m.floors[m.best_floor].samples) / med,
                      npp_peers::median(m.floors[m.best_floor].samples));
      }
      std::printf("\n");
    }
    std::fflush(stdout);
  }
  if (rows.empty()) throw std::runtime_error("no workload of the manifest matched (sepconv5, conv2d5_u8, harris)");

  const std::string slug = npp_peers::slugify(prop.name);
  Obj libs;
  libs.str("cuda_runtime", cuda_version_text(runtime_v)).str("cuda_driver_api", cuda_version_text(driver_v));
  npp_peers::add_compiler_versions(libs);
  Obj bwo;
  bwo.num("bytes_per_copy", 1073741824.0)
      .num("median_ms", bw.second)
      .str("method", "cudaMemcpyAsync device to device, CUDA events, bytes read plus written");
  Obj flush;
  flush.num("l2_cache_bytes", prop.l2CacheSize)
      .num("flush_bytes", static_cast<double>(timer.flush_bytes()))
      .str("method",
           "before every sample a kernel reads a zeroed buffer of twice the L2 (outside the timed events): the L2 "
           "then holds only clean lines of it, so inputs come from DRAM and no dirty line is written back inside the "
           "timed launch");
  Obj prov;
  prov.str("device", prop.name).str("device_slug", slug).str("device_type", "GPU");
  prov.num("global_mem_bytes", static_cast<double>(prop.totalGlobalMem)).num("compute_units", prop.multiProcessorCount);
  prov.str("compute_capability", std::to_string(prop.major) + "." + std::to_string(prop.minor));
  prov.num("copy_bandwidth_GBps", bw.first).put("copy_bandwidth", bwo.dump(1, 2)).put("l2_flush", flush.dump(1, 2));
  char host[256] = "";
  if (const char* h = std::getenv("HOSTNAME")) std::snprintf(host, sizeof host, "%s", h);
  prov.str("host", host).str("date", npp_peers::utc_now());
  prov.str("commit", args.commit.empty() ? manifest["commit"].str : args.commit);
  prov.put("commit_dirty", manifest["commit_dirty"].b ? "true" : "false");
  prov.str(
      "commit_note",
      "the commit of the bundle whose filterlab-peers exported the inputs and whose peers/cuda_hand was built here");
  prov.str("export_commit", manifest["commit"].str);
  prov.str("driver_version", args.driver.empty() ? npp_peers::nvidia_driver_version() : args.driver);
  prov.put("libraries", libs.dump(1, 2));
  prov.str("build_options", args.build_options.empty() ? "unknown (no --build-options)" : args.build_options);
  prov.str("kernel_origin", "FilterLab's own hand-written CUDA kernels, experiments/peers/cuda_hand");
  prov.put("kernel_sources", npp_peers::kernel_sources_json(args.kernel_sources));
  prov.put("sizes", sizes.dump(1, 2));
  prov.str("inputs", args.inputs).num("scale", manifest["scale"].num).num("warmup", args.warmup);
  prov.num("repetitions", args.repetitions).num("order_seed", args.seed);
  prov.str("tolerance_rule", manifest["tolerance_rule"].str +
                                 "; variants that claim exactness are judged with tolerance 0; every variant is "
                                 "judged before it is timed and again after");
  prov.str("timing", kTiming);
  prov.str("method_choice",
           "every variant is a row; fastest_of_workload marks the fastest measured variant of each workload; the "
           "floor is the fastest same-bytes copy (floors), timed in the same rounds");
  Obj result;
  result.str("schema", "filterlab.result/" + std::to_string(npp_peers::kResultSchemaVersion));
  result.num("schema_version", npp_peers::kResultSchemaVersion).str("experiment", kExperiment);
  result.put("provenance", prov.dump(1, 1)).put("rows", list_json(rows, 1)).put("floors", list_json(floors, 1));
  const std::string dir = args.results + "/" + kExperiment, path = dir + "/" + slug + ".json";
  write_atomically(dir, path, result.dump(1, 0) + "\n");
  std::printf("%s\n", path.c_str());
  cudaStreamDestroy(stream);
  return 0;
}

}  // namespace cuda_hand

int main(int argc, char** argv) {
  try {
    const cuda_hand::Args args = cuda_hand::parse_args(argc, argv);
    if (args.self_test) {
      cudaStream_t stream;
      cuda_hand::cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
      return cuda_hand::self_test(stream, args.seed);
    }
    return cuda_hand::run(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hand_peers: error: %s\n", e.what());
    return 1;
  }
}
