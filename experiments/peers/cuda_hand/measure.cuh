#pragma once
// One workload: every variant run once and judged by the oracle; those that agree are timed with
// the floor's copies in shuffled, interleaved rounds (L2 flushed before every sample), then run and
// judged once more.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "../npp/npy_lite.hpp"
#include "../npp/stats_lite.hpp"
#include "floor_kernels.cuh"
#include "judge.hpp"
#include "timing.cuh"
#include "variants.cuh"

namespace cuda_hand {

// What the compiler gave a kernel (cudaFuncGetAttributes) and how many of its blocks fit an SM.
struct KernelInfo {
  bool known = false;
  int registers = 0, blocks_per_sm = 0;
  std::size_t local_bytes = 0, static_shared_bytes = 0;
};

inline KernelInfo kernel_info(const Launch& l) {
  KernelInfo k;
  if (!l.kernel) return k;
  cudaFuncAttributes a{};
  if (cudaFuncGetAttributes(&a, l.kernel) != cudaSuccess) return k;
  k.known = true;
  k.registers = a.numRegs, k.local_bytes = a.localSizeBytes, k.static_shared_bytes = a.sharedSizeBytes;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&k.blocks_per_sm, l.kernel, static_cast<int>(l.block.x * l.block.y),
                                                l.shared_bytes);
  return k;
}

struct Tried {
  const Variant* v = nullptr;
  std::string status;  // measured, disagrees_with_oracle, not_applicable, cuda_error
  std::string reason;
  double tolerance = 0;  // the one judged with: 0 for variants that claim exactness
  Verdict verdict;
  bool judged = false;
  KernelInfo info;
  std::vector<double> samples;
};

struct FloorTried {
  FloorCandidate c;
  std::string status;  // measured, wrong_copy, cuda_error
  std::string reason;
  std::vector<double> samples;
};

struct WorkloadMeasure {
  std::vector<Tried> variants;
  std::vector<FloorTried> floors;
  int best_floor = -1;  // fastest measured copy
  int best_variant = -1;
};

// A CUDA error that leaves the context usable is the variant's; clear it so the next can run. (A
// sticky one, such as an illegal address, ends the context: the next CUDA call throws.)
inline std::string run_once(const Launch& l, cudaStream_t stream) {
  l.enqueue(stream);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
  if (e == cudaSuccess) return "";
  cudaGetLastError();
  return std::string("CUDA error: ") + cudaGetErrorString(e);
}

inline void judge_variant(Tried& t, const npp_peers::HostImage& oracle, cudaStream_t stream, const char* when) {
  const std::string err = run_once(t.v->launch, stream);
  if (!err.empty()) {
    t.status = "cuda_error", t.reason = std::string(when) + err;
    return;
  }
  t.verdict = judge(download(*t.v->out), oracle, t.tolerance);
  t.judged = true;
  if (!t.verdict.passed) t.status = "disagrees_with_oracle", t.reason = std::string(when) + t.verdict.detail;
}

inline WorkloadMeasure measure_workload(const std::vector<Variant>& variants, const DevImage& in,
                                        const npp_peers::HostImage& oracle, double tolerance, Timer& timer,
                                        cudaStream_t stream, int sms, int warmup, int repetitions, std::mt19937& rng,
                                        const char* tag) {
  WorkloadMeasure m;
  for (const Variant& v : variants) {
    Tried t;
    t.v = &v;
    t.tolerance = v.exact ? 0.0 : tolerance;
    t.info = kernel_info(v.launch);
    if (!v.not_applicable.empty()) {
      t.status = "not_applicable", t.reason = v.not_applicable;
    } else {
      t.status = "measured";
      judge_variant(t, oracle, stream, "");
    }
    std::fprintf(stderr, "[%s] %s: %s%s%s\n", tag, v.name.c_str(), t.status.c_str(), t.reason.empty() ? "" : ": ",
                 t.reason.c_str());
    m.variants.push_back(t);
  }
  // The floor: copies of the input's bytes into an output-sized buffer, checked to be copies.
  DevImage sink(in.width, in.height, in.u8);
  std::vector<unsigned char> want(in.pixel_bytes()), got(in.pixel_bytes());
  cuda_check(cudaMemcpy(want.data(), in.ptr, want.size(), cudaMemcpyDeviceToHost), "input download");
  for (const FloorCandidate& c : floor_candidates(in, sink.ptr, in.pixel_bytes(), sms)) {
    FloorTried f{c, "measured", "", {}};
    cuda_check(cudaMemset(sink.ptr, 0, got.size()), "cudaMemset");
    f.reason = run_once(c.launch, stream);
    if (!f.reason.empty()) {
      f.status = "cuda_error";
    } else {
      cuda_check(cudaMemcpy(got.data(), sink.ptr, got.size(), cudaMemcpyDeviceToHost), "copy download");
      if (std::memcmp(got.data(), want.data(), want.size()) != 0) f.status = "wrong_copy", f.reason = "not a copy";
    }
    m.floors.push_back(f);
  }
  // Shuffled, interleaved rounds over everything that ran correctly.
  std::vector<std::function<void(cudaStream_t)>> fns;
  std::vector<std::vector<double>*> samples;
  for (Tried& t : m.variants)
    if (t.status == "measured") fns.push_back(t.v->launch.enqueue), samples.push_back(&t.samples);
  for (FloorTried& f : m.floors)
    if (f.status == "measured") fns.push_back(f.c.launch.enqueue), samples.push_back(&f.samples);
  std::vector<std::size_t> order(fns.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i : order)
    for (int r = 0; r < warmup; ++r) timer.sample(fns[i]);
  for (int r = 0; r < repetitions; ++r) {
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) samples[i]->push_back(timer.sample(fns[i]));
  }
  // Judged again after timing: a race or a stale read would show here.
  for (Tried& t : m.variants)
    if (t.status == "measured") judge_variant(t, oracle, stream, "after timing: ");
  for (std::size_t i = 0; i < m.floors.size(); ++i)
    if (m.floors[i].status == "measured" && (m.best_floor < 0 || npp_peers::median(m.floors[i].samples) <
                                                                     npp_peers::median(m.floors[m.best_floor].samples)))
      m.best_floor = static_cast<int>(i);
  for (std::size_t i = 0; i < m.variants.size(); ++i)
    if (m.variants[i].status == "measured" &&
        (m.best_variant < 0 ||
         npp_peers::median(m.variants[i].samples) < npp_peers::median(m.variants[m.best_variant].samples)))
      m.best_variant = static_cast<int>(i);
  return m;
}

}  // namespace cuda_hand
