#pragma once
// A workload as `filterlab-peers export`'s manifest describes it (no NPP, no CUDA): shared by the
// NPP peer and the hand-written CUDA peer (../cuda_hand/).

#include <string>
#include <vector>

#include "json_lite.hpp"

namespace npp_peers {

struct Job {
  std::string label, axis;
  int ksize = 3;
  double tolerance = 0;
  std::string input, oracle;
  const Json* definition = nullptr;  // points into the manifest, which outlives the workload
};

struct Workload {
  std::string name, id, border, definition_text;
  int ksize = 0, width = 0, height = 0;
  bool u8 = false;
  double pixels = 0, bytes_min = 0;
  std::vector<Job> jobs;
};

// One entry of the manifest's "workloads".
inline Workload read_workload(const Json& wj) {
  Workload w;
  w.name = wj["name"].str;
  w.id = wj["id"].str;
  w.border = wj["border"].str;
  w.ksize = static_cast<int>(wj["ksize"].num);
  w.width = static_cast<int>(wj["width"].num);
  w.height = static_cast<int>(wj["height"].num);
  w.u8 = wj["u8"].b;
  w.pixels = wj["pixels"].num;
  w.bytes_min = wj["bytes_min"].num;
  for (const Json& jj : wj["jobs"].arr) {
    Job j;
    j.label = jj["label"].str;
    j.axis = jj["axis"].str;
    j.ksize = static_cast<int>(jj["ksize"].num);
    j.tolerance = jj["tolerance"].num;
    j.input = jj["input"].str;
    j.oracle = jj["oracle"].str;
    j.definition = &jj["definition"];
    w.jobs.push_back(j);
  }
  return w;
}

inline std::vector<float> floats(const Json& a) {
  std::vector<float> v;
  for (const auto& x : a.arr) v.push_back(static_cast<float>(x.num));
  return v;
}
inline std::vector<float> rows_flat(const Json& rows) {
  std::vector<float> v;
  for (const auto& r : rows.arr)
    for (const auto& x : r.arr) v.push_back(static_cast<float>(x.num));
  return v;
}

}  // namespace npp_peers
