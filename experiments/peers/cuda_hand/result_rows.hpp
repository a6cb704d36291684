#pragma once
// The hand peer's rows in FilterLab's result schema v2 (experiments/schemas/peers_cuda_hand.schema.json):
// one row per workload and variant, and one floor entry per workload.

#include <string>
#include <vector>

#include "../npp/json_lite.hpp"
#include "../npp/manifest_lite.hpp"
#include "../npp/stats_lite.hpp"
#include "measure.cuh"

namespace cuda_hand {

using npp_peers::Obj;

constexpr const char* kExperiment = "peers_cuda_hand";
constexpr const char* kFamily = "peers.cuda_hand";
constexpr const char* kTiming =
    "CUDA events recorded just before and after the kernel launch on one stream; before each sample a kernel reads "
    "a buffer of twice the L2 (outside the events), so inputs come from DRAM";

inline std::string samples_json(const std::vector<double>& s) {
  std::vector<std::string> v;
  for (double x : s) v.push_back(npp_peers::num(x));
  return npp_peers::array(v);
}

inline std::string dims_json(const dim3& d) {
  return npp_peers::array({npp_peers::num(d.x), npp_peers::num(d.y), npp_peers::num(d.z)});
}

inline std::string list_json(const std::vector<std::string>& items, int depth) {
  std::string s = "[\n";
  for (std::size_t i = 0; i < items.size(); ++i)
    s += std::string(static_cast<std::size_t>(depth + 1), ' ') + items[i] + (i + 1 < items.size() ? ",\n" : "\n");
  return s + std::string(static_cast<std::size_t>(depth), ' ') + "]";
}

// floor_bandwidth_GBps: the 1 GiB device copy's (provenance copy_bandwidth), for floor_ms as npp_peers.
inline std::vector<std::string> variant_rows(const npp_peers::Workload& w, const WorkloadMeasure& m,
                                             double floor_bandwidth_GBps) {
  std::vector<std::string> rows;
  const double tolerance = w.jobs.empty() ? 0.0 : w.jobs.front().tolerance;
  const double copy_ms = m.best_floor >= 0 ? npp_peers::median(m.floors[m.best_floor].samples) : 0.0;
  for (std::size_t i = 0; i < m.variants.size(); ++i) {
    const Tried& t = m.variants[i];
    const std::string id = std::string(kFamily) + "/" + w.id + "/" + t.v->name;
    Obj r;
    r.str("family", kFamily).str("variant_id", id).str("case_id", id);
    r.str("peer", "cuda_hand").str("library", "FilterLab hand-written CUDA").str("runs_on", "cuda_device");
    r.str("workload", w.name).str("workload_id", w.id).str("method", t.v->name).str("description", t.v->description);
    r.num("ksize", w.ksize).num("width", w.width).num("height", w.height).str("border", w.border);
    r.num("pixels", w.pixels).num("bytes_min", w.bytes_min);
    r.put("exact", t.v->exact ? "true" : "false").str("status", t.status);
    if (!t.reason.empty()) r.str("reason", t.reason);
    r.num("tolerance", tolerance).num("judged_tolerance", t.tolerance);
    if (t.judged) r.num("max_abs_error", t.verdict.max_abs_error);
    if (t.info.known) {
      Obj k;
      k.num("registers", t.info.registers).num("local_bytes", static_cast<double>(t.info.local_bytes));
      k.num("static_shared_bytes", static_cast<double>(t.info.static_shared_bytes));
      k.num("dynamic_shared_bytes", static_cast<double>(t.v->launch.shared_bytes));
      k.num("blocks_per_sm", t.info.blocks_per_sm);
      k.put("grid", dims_json(t.v->launch.grid)).put("block", dims_json(t.v->launch.block));
      r.put("kernel", k.dump(1, 3));
    }
    if (!t.samples.empty()) {
      const double med = npp_peers::median(t.samples);
      r.str("timing", kTiming).put("event_ms", npp_peers::summarize(t.samples));
      r.put("samples_event_ms", samples_json(t.samples));
      if (t.status == "measured") {
        const double floor_ms = w.bytes_min / (floor_bandwidth_GBps * 1e9) * 1e3;
        r.num("floor_ms", floor_ms).num("roofline_fraction", floor_ms / med);
        if (m.best_floor >= 0) r.num("copy_floor_ms", copy_ms).num("copy_fraction", copy_ms / med);
        r.put("fastest_of_workload", static_cast<int>(i) == m.best_variant ? "true" : "false");
      }
    }
    rows.push_back(r.dump(1, 2));
  }
  return rows;
}

inline std::string floor_entry(const npp_peers::Workload& w, const WorkloadMeasure& m, std::size_t bytes) {
  Obj f;
  f.str("workload_id", w.id)
      .num("bytes_read", static_cast<double>(bytes))
      .num("bytes_written", static_cast<double>(bytes));
  if (m.best_floor >= 0) {
    f.str("method", m.floors[m.best_floor].c.name).num("median_ms", npp_peers::median(m.floors[m.best_floor].samples));
  }
  std::vector<std::string> cands;
  for (const FloorTried& c : m.floors) {
    Obj o;
    o.str("method", c.c.name).str("description", c.c.description).str("status", c.status);
    if (!c.reason.empty()) o.str("reason", c.reason);
    if (!c.samples.empty())
      o.put("event_ms", npp_peers::summarize(c.samples)).put("samples_event_ms", samples_json(c.samples));
    cands.push_back(o.dump(1, 4));
  }
  f.put("candidates", list_json(cands, 3));
  return f.dump(1, 2);
}

}  // namespace cuda_hand
