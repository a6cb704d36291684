// The NVIDIA NPP peer: NPP's own filter functions on FilterLab's workloads, judged by FilterLab's oracle.
//
// Reads what `filterlab-peers export` wrote (manifest.json, .npy inputs and oracle outputs: the same
// inputs and oracle as every other peer), runs every workload with each way NPP offers to compute it,
// checks every output against the oracle with the manifest's tolerance (max |npp - oracle| <= tolerance
// over every pixel of every job), times each method with CUDA events (warm-up, shuffled rounds, median
// and raw samples) and writes <results>/peers_npp/<device-slug>.json in FilterLab's result schema
// (schema_version 2: experiments/schemas/peers_npp.schema.json, result_v2.hpp).
//
//   npp_peers --inputs DIR --results DIR --kernel-source PATH=SHA256 [--kernel-source ...]
//             [--repetitions 30] [--warmup 3] [--workloads TEXT] [--commit C] [--driver TEXT]
//
// --kernel-source: the hash of each source file that calls NPP (run-npp-peers.sh passes those of
// peers/npp/); --driver: the NVIDIA driver's version (default: read from /proc/driver/nvidia/version).
//
// NPP's border-controlled filters implement only NPP_BORDER_REPLICATE (NPP_BORDER_MIRROR returns
// NPP_NOT_SUPPORTED_MODE_ERROR; tried and recorded). Where a workload has another border, the exact
// route pads the image with NPP's own calls (nppiCopyConstBorder for constant 0; nppiCopy plus four
// nppiMirror strips for BORDER_REFLECT_101), filters the whole padded image and keeps the interior; the
// padding is inside the timed region. The filters without border control are tried on the padded image
// too: their results are recorded (nppiFilter_32f 3x3/5x5 and nppiFilterRow/Column_32f do not read
// outside their ROI on CUDA 13.0). Replicate-border timings are listed as "other_border" (judged on the
// interior only), never as the workload's result.
// NPP's filters are convolutions ("coefficients stored in reverse order"): FilterLab's workloads are
// correlations, so every kernel is passed reversed.
#include <cuda_runtime.h>
#include <npp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "filter_methods.hpp"
#include "harris_methods.hpp"
#include "json_lite.hpp"
#include "npp_device.hpp"
#include "npy_lite.hpp"
#include "result_v2.hpp"
#include "scharr_methods.hpp"
#include "stats_lite.hpp"
#include "workloads.hpp"

namespace npp_peers {

// ---------------------------------------------------------------------------------------------
// Judging: FilterLab's rule (max |npp - oracle| <= tolerance over every pixel of every job); methods
// with another border are judged on the pixels at least `halo` from every edge.
struct Verdict {
  bool passed = true;
  double max_abs_error = 0, negated_max_abs_error = 0;
  std::string detail;
};

Verdict judge(const Workload& w, const Method& me, const std::map<std::string, HostImage>& oracles) {
  Verdict v;
  const auto outs = me.outputs();
  for (std::size_t j = 0; j < w.jobs.size(); ++j) {
    const Job& job = w.jobs[j];
    const HostImage& want = oracles.at(job.oracle);
    const HostImage got = download(*outs[j]);
    if (got.width != want.width || got.height != want.height) {
      v.passed = false;
      v.detail = job.label + ": size differs from the oracle";
      return v;
    }
    const int h = me.exact_border ? 0 : me.halo;
    double worst = 0, worst_neg = 0;
    long bad = 0;
    int bx = 0, by = 0;
    for (int y = h; y < got.height - h; ++y)
      for (int x = h; x < got.width - h; ++x) {
        const std::size_t i = static_cast<std::size_t>(y) * got.width + x;
        const double g = got.at(i), o = want.at(i);
        double e = std::fabs(g - o);
        if (!std::isfinite(g)) e = INFINITY;
        worst_neg = std::max(worst_neg, std::isfinite(g) ? std::fabs(-g - o) : INFINITY);
        if (e > job.tolerance) ++bad;
        if (e > worst) worst = e, bx = x, by = y;
      }
    v.max_abs_error = std::max(v.max_abs_error, worst);
    v.negated_max_abs_error = std::max(v.negated_max_abs_error, worst_neg);
    if (bad && v.passed) {
      v.passed = false;
      const std::size_t i = static_cast<std::size_t>(by) * got.width + bx;
      std::ostringstream os;
      os << job.label << ": " << bad << " of " << (static_cast<long>(got.width - 2 * h) * (got.height - 2 * h))
         << " pixels differ; max |error| " << worst << " at (" << bx << "," << by << "): npp " << got.at(i)
         << ", oracle " << want.at(i) << " (tolerance " << job.tolerance << ")";
      v.detail = os.str();
    }
  }
  return v;
}

struct Args {
  std::string inputs, results, workloads, commit, driver;
  std::map<std::string, std::string> kernel_sources;  // path -> SHA-256
  int repetitions = 30, warmup = 3;
  unsigned seed = 20261122;
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
      add_kernel_source(a.kernel_sources, val());
    else if (k == "--driver")
      a.driver = val();
    else
      throw std::runtime_error("unknown argument " + k + " (see the comment at the top of npp_peers.cu)");
  }
  if (a.inputs.empty() || a.results.empty())
    throw std::runtime_error("--inputs DIR (from `filterlab-peers export`) and --results DIR are required");
  if (a.kernel_sources.empty())
    throw std::runtime_error(
        "--kernel-source PATH=SHA256 is required, once per source file that calls NPP (the result's "
        "provenance names the code that ran; run-npp-peers.sh passes peers/npp/'s files)");
  if (a.repetitions < 1 || a.warmup < 0)
    throw std::runtime_error("--repetitions must be positive and --warmup not negative");
  return a;
}

double event_ms(cudaStream_t stream, const std::function<void()>& fn) {
  cudaEvent_t start, end;
  cuda_check(cudaEventCreate(&start), "cudaEventCreate");
  cuda_check(cudaEventCreate(&end), "cudaEventCreate");
  cuda_check(cudaEventRecord(start, stream), "cudaEventRecord");
  fn();
  cuda_check(cudaEventRecord(end, stream), "cudaEventRecord");
  cuda_check(cudaEventSynchronize(end), "cudaEventSynchronize");
  float ms = 0;
  cuda_check(cudaEventElapsedTime(&ms, start, end), "cudaEventElapsedTime");
  cudaEventDestroy(start);
  cudaEventDestroy(end);
  return ms;
}

// Device-to-device copy of 1 GiB, bytes read plus written, median of CUDA-event timings (as gpu_peers.py).
std::pair<double, double> copy_bandwidth(cudaStream_t stream) {
  const std::size_t bytes = std::size_t{1} << 30;
  void *a = nullptr, *b = nullptr;
  cuda_check(cudaMalloc(&a, bytes), "cudaMalloc copy");
  cuda_check(cudaMalloc(&b, bytes), "cudaMalloc copy");
  auto copy = [&] { cuda_check(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice, stream), "copy"); };
  for (int i = 0; i < 3; ++i) event_ms(stream, copy);
  std::vector<double> t;
  for (int i = 0; i < 20; ++i) t.push_back(event_ms(stream, copy));
  cudaFree(a);
  cudaFree(b);
  const double ms = median(t);
  return {2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9, ms};
}

std::string npp_version() {  // CUDA 13's npp.h defines NPP_VER_MAJOR/MINOR/PATCH/BUILD
#if defined(NPP_VER_MAJOR) && defined(NPP_VER_MINOR) && defined(NPP_VER_PATCH)
  std::string v =
      std::to_string(NPP_VER_MAJOR) + "." + std::to_string(NPP_VER_MINOR) + "." + std::to_string(NPP_VER_PATCH);
#if defined(NPP_VER_BUILD)
  v += "." + std::to_string(NPP_VER_BUILD);
#endif
  return v;
#else
  return "unknown (no NPP_VER_* macros in the NPP headers)";
#endif
}

std::string cuda_version_text(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

int run(const Args& args) {
  std::ifstream mf(args.inputs + "/manifest.json");
  if (!mf)
    throw std::runtime_error(args.inputs + "/manifest.json not found: run `filterlab-peers export --out " +
                             args.inputs + "` first");
  std::stringstream text;
  text << mf.rdbuf();
  const std::string manifest_text = text.str();
  const Json manifest = JsonParser(manifest_text).parse();
  if (manifest["schema"].str != "filterlab.peer_inputs/1")
    throw std::runtime_error(args.inputs + "/manifest.json is not a filterlab-peers export");

  Context cx;
  cuda_check(cudaStreamCreateWithFlags(&cx.stream, cudaStreamNonBlocking), "cudaStreamCreate");
  cx.npp = make_context(cx.stream);
  cudaDeviceProp prop{};
  cuda_check(cudaGetDeviceProperties(&prop, cx.npp.nCudaDeviceId), "cudaGetDeviceProperties");
  int runtime_v = 0, driver_v = 0;
  cudaRuntimeGetVersion(&runtime_v);
  cudaDriverGetVersion(&driver_v);
  const auto bw = copy_bandwidth(cx.stream);
  std::fprintf(stderr, "[peers_npp] %s, NPP %s, CUDA runtime %s, copy %.0f GB/s\n", prop.name, npp_version().c_str(),
               cuda_version_text(runtime_v).c_str(), bw.first);

  std::mt19937 rng(args.seed);
  std::vector<std::string> rows;
  for (const Json& wj : manifest["workloads"].arr) {
    Workload w = read_workload(wj);
    if (!args.workloads.empty() && w.id.find(args.workloads) == std::string::npos) continue;
    std::fprintf(stderr, "[peers_npp] %s: loading\n", w.id.c_str());
    std::map<std::string, HostImage> oracles;
    std::map<std::string, DevPtr> uploaded;
    std::vector<DevPtr> inputs;
    for (const Job& j : w.jobs) {
      if (!uploaded.count(j.input)) uploaded[j.input] = upload(read_npy(args.inputs + "/" + j.input));
      inputs.push_back(uploaded[j.input]);
      if (!oracles.count(j.oracle)) oracles[j.oracle] = read_npy(args.inputs + "/" + j.oracle);
    }
    std::vector<Method> methods;
    if (w.name == "scharr_pyramid")
      methods = scharr_methods(w, inputs, cx);
    else if (w.name == "sepconv5")
      methods = sepconv_methods(w, inputs, cx);
    else if (w.name == "conv2d5_u8")
      methods = conv2d_u8_methods(w, inputs, cx);
    else if (w.name == "harris")
      methods = harris_methods(w, inputs, cx);
    else
      throw std::runtime_error("unknown workload " + w.name +
                               " in the manifest (newer filterlab-peers than npp_peers?)");

    // Run each method once and judge it; every method that runs is timed (interleaved, shuffled rounds).
    struct Tried {
      Method* m;
      std::string status, reason;
      Verdict v;
      std::vector<double> samples;
    };
    std::vector<Tried> tried;
    for (Method& me : methods) {
      Tried t{&me, "", "", {}, {}};
      try {
        me.setup();
        me.run();
        cuda_check(cudaStreamSynchronize(cx.stream), "run");
        t.v = judge(w, me, oracles);
        t.status = t.v.passed ? (me.exact_border ? "agrees" : "other_border") : "disagrees_with_oracle";
        t.reason = t.v.detail;
        if (!t.v.passed && t.v.negated_max_abs_error <= w.jobs.front().tolerance)
          t.reason += "; the negated output agrees (NPP's sign convention for this kernel is the opposite)";
      } catch (const NppFailure& e) {
        t.status = e.status == NPP_NOT_SUPPORTED_MODE_ERROR ? "not_supported" : "npp_error";
        t.reason = e.what();
        cudaStreamSynchronize(cx.stream);
      }
      std::fprintf(stderr, "[peers_npp] %s %s: %s %s\n", w.id.c_str(), me.name.c_str(), t.status.c_str(),
                   t.reason.c_str());
      tried.push_back(t);
    }
    std::vector<std::size_t> timed;
    for (std::size_t i = 0; i < tried.size(); ++i)
      if (tried[i].status == "agrees" || tried[i].status == "other_border" ||
          tried[i].status == "disagrees_with_oracle")
        timed.push_back(i);
    for (std::size_t i : timed)
      for (int r = 0; r < args.warmup; ++r) event_ms(cx.stream, tried[i].m->run);
    for (int r = 0; r < args.repetitions; ++r) {
      std::shuffle(timed.begin(), timed.end(), rng);
      for (std::size_t i : timed) tried[i].samples.push_back(event_ms(cx.stream, tried[i].m->run));
    }
    // After timing, each agreeing method runs once more and is judged again (methods of a workload
    // share their output buffers, so the last timed sample belongs to whichever method ran last).
    for (std::size_t i : timed) {
      Tried& t = tried[i];
      if (t.status != "agrees" && t.status != "other_border") continue;
      t.m->run();
      cuda_check(cudaStreamSynchronize(cx.stream), "run");
      const Verdict again = judge(w, *t.m, oracles);
      if (!again.passed) t.status = "disagrees_with_oracle", t.reason = "after timing: " + again.detail;
    }
    // The row: the fastest method that reproduces the workload exactly; else the fastest with NPP's own border.
    const Tried* best = nullptr;
    for (const char* want : {"agrees", "other_border"}) {
      for (const Tried& t : tried)
        if (t.status == want && (!best || median(t.samples) < median(best->samples))) best = &t;
      if (best) break;
    }
    std::vector<std::string> method_rows;
    for (const Tried& t : tried) {
      Obj o;
      o.str("method", t.m->name).str("description", t.m->description).str("border", t.m->border_used);
      o.put("exact_border", t.m->exact_border ? "true" : "false")
          .num("npp_calls_per_sample", t.m->calls)
          .str("status", t.status);
      if (!t.reason.empty()) o.str("reason", t.reason);
      if (t.status != "not_supported" && t.status != "npp_error") {
        o.num("max_abs_error", t.v.max_abs_error);
        if (!t.m->exact_border) o.num("judged_from_edge_px", t.m->halo);
      }
      if (!t.samples.empty())
        o.put("event_ms", summarize(t.samples)).put("samples_event_ms", array([&] {
                                                      std::vector<std::string> v;
                                                      for (double x : t.samples) v.push_back(num(x));
                                                      return v;
                                                    }()));
      method_rows.push_back(o.dump(1, 3));
    }
    Obj row;
    add_row_keys(row, w.id);
    row.str("peer", "npp").str("library", "NVIDIA NPP").str("runs_on", "cuda_device");
    row.str("workload", w.name)
        .str("workload_id", w.id)
        .num("ksize", w.ksize)
        .num("width", w.width)
        .num("height", w.height);
    row.str("border", w.border)
        .num("calls_per_sample", static_cast<double>(w.jobs.size()))
        .num("pixels", w.pixels)
        .num("bytes_min", w.bytes_min);
    row.str("timing",
            "CUDA events recorded before the first and after the last NPP call of a sample, on the NPP stream");
    row.num("floor_ms", w.bytes_min / (bw.first * 1e9) * 1e3);
    if (best && best->status == "agrees") {
      row.str("status", "measured").str("method", best->m->name).str("method_description", best->m->description);
      row.num("npp_calls_per_sample", best->m->calls);
      row.num("max_abs_error", best->v.max_abs_error).num("tolerance", w.jobs.front().tolerance);
      row.put("event_ms", summarize(best->samples));
      row.put("samples_event_ms", array([&] {
                std::vector<std::string> v;
                for (double x : best->samples) v.push_back(num(x));
                return v;
              }()));
      row.num("roofline_fraction", w.bytes_min / (bw.first * 1e9) * 1e3 / median(best->samples));
    } else if (best) {
      row.str("status", "other_border").str("method", best->m->name);
      row.str("reason",
              "no NPP method reproduced " + w.border + " on every pixel; the fastest with NPP's own border (" +
                  best->m->border_used + ") agrees with the oracle at least " + std::to_string(best->m->halo) +
                  " pixels from the edges, median " + num(median(best->samples)) + " ms: not the workload's result");
      row.num("other_border_median_ms", median(best->samples));
    } else {
      row.str("status", "disagrees_with_oracle").str("reason", "no NPP method agreed with the oracle (see methods)");
    }
    row.put(
        "methods", "[\n" + [&] {
          std::string s;
          for (std::size_t i = 0; i < method_rows.size(); ++i)
            s += "   " + method_rows[i] + (i + 1 < method_rows.size() ? ",\n" : "\n");
          return s;
        }() + "  ]");
    std::printf("peers.npp/%s: %s%s\n", w.id.c_str(),
                best ? (best->status == "agrees" ? "measured, " : "other border, ") : "no agreeing method",
                best ? (num(median(best->samples)) + " ms median (" + best->m->name + ")").c_str() : "");
    std::fflush(stdout);
    rows.push_back(row.dump(1, 1));
  }

  const std::string slug = slugify(prop.name);
  Obj libs;
  libs.str("npp", npp_version())
      .str("cuda_runtime", cuda_version_text(runtime_v))
      .str("cuda_driver_api", cuda_version_text(driver_v));
  add_compiler_versions(libs);
  Obj bwo;
  bwo.num("bytes_per_copy", 1073741824.0)
      .num("median_ms", bw.second)
      .str("method", "cudaMemcpyAsync device to device, CUDA events, bytes read plus written");
  Obj prov;
  prov.str("device", prop.name).str("device_slug", slug).str("device_type", "GPU");
  prov.num("global_mem_bytes", static_cast<double>(prop.totalGlobalMem)).num("compute_units", prop.multiProcessorCount);
  prov.str("compute_capability", std::to_string(prop.major) + "." + std::to_string(prop.minor));
  prov.num("copy_bandwidth_GBps", bw.first).put("copy_bandwidth", bwo.dump(1, 2));
  char host[256] = "";
  if (const char* h = std::getenv("HOSTNAME")) std::snprintf(host, sizeof host, "%s", h);
  prov.str("host", host).str("date", utc_now());
  prov.str("commit", args.commit.empty() ? manifest["commit"].str : args.commit);
  prov.put("commit_dirty", manifest["commit_dirty"].b ? "true" : "false");
  prov.str("commit_note",
           "the commit of the bundle whose filterlab-peers exported the inputs and whose npp_peers.cu was built here");
  prov.str("export_commit", manifest["commit"].str);
  prov.str("driver_version", args.driver.empty() ? nvidia_driver_version() : args.driver);
  prov.put("libraries", libs.dump(1, 2));
  // The GPU code is NPP's (version above), driven by these sources: their hashes stand for the kernels.
  prov.str("kernel_origin", "none: NVIDIA NPP's own kernels, called by experiments/peers/npp/npp_peers.cu");
  prov.put("kernel_sources", kernel_sources_json(args.kernel_sources));
  prov.str("inputs", args.inputs)
      .num("scale", manifest["scale"].num)
      .num("warmup", args.warmup)
      .num("repetitions", args.repetitions);
  prov.num("order_seed", args.seed).str("tolerance_rule", manifest["tolerance_rule"].str);
  prov.str("timing",
           "CUDA events around every NPP call of a sample (device work only, no host copies); warm-up, shuffled rounds "
           "over every method that ran");
  prov.str("method_choice",
           "per workload the fastest NPP method whose output agrees with the oracle on every pixel; methods with "
           "NPP's replicate border where the workload has another are timed and listed, never chosen");
  Obj result;
  add_result_head(result);
  result.put("provenance", prov.dump(1, 1))
      .put(
          "rows", "[\n" + [&] {
            std::string s;
            for (std::size_t i = 0; i < rows.size(); ++i) s += "  " + rows[i] + (i + 1 < rows.size() ? ",\n" : "\n");
            return s;
          }() + " ]");
  const std::string out = result.dump(1, 0) + "\n";
  const std::string dir = args.results + "/" + kExperiment;
  if (std::system(("mkdir -p '" + dir + "'").c_str()) != 0) throw std::runtime_error("cannot create " + dir);
  const std::string path = dir + "/" + slug + ".json";
  {
    std::ofstream f(path + ".tmp");
    f << out;
    if (!f) throw std::runtime_error("cannot write " + path);
  }
  if (std::rename((path + ".tmp").c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename to " + path);
  std::printf("%s\n", path.c_str());
  cudaStreamDestroy(cx.stream);
  return 0;
}

}  // namespace npp_peers

int main(int argc, char** argv) {
  try {
    return npp_peers::run(npp_peers::parse_args(argc, argv));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "npp_peers: error: %s\n", e.what());
    return 1;
  }
}
