#pragma once
// A workload as the manifest describes it, and a Method: one way of computing it with NPP.

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "json_lite.hpp"
#include "npp_device.hpp"

namespace npp_peers {

struct Job {
  std::string label, axis;
  int ksize = 3;
  double tolerance = 0;
  std::string input, oracle;
  const Json* definition = nullptr;
};

struct Workload {
  std::string name, id, border, definition_text;
  int ksize = 0, width = 0, height = 0;
  bool u8 = false;
  double pixels = 0, bytes_min = 0;
  std::vector<Job> jobs;
};

// One way of computing a workload with NPP. `exact_border`: the workload's border is reproduced for
// every pixel; otherwise only pixels at least `halo` from every edge are comparable.
struct Method {
  std::string name, description, border_used;
  bool exact_border = true;
  int halo = 0;
  int calls = 0;                // NPP calls per sample
  std::function<void()> setup;  // allocations outside the timed region
  std::function<void()> run;    // one sample: every job once, enqueued on the stream
  std::function<std::vector<const DevImage*>()> outputs;
};

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
template <class T>
inline std::vector<T> reversed(std::vector<T> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

struct Context {
  cudaStream_t stream{};
  NppStreamContext npp{};
};

}  // namespace npp_peers
