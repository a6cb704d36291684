#pragma once
// A Method: one way of computing a workload (manifest_lite.hpp) with NPP.

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "json_lite.hpp"
#include "manifest_lite.hpp"
#include "npp_device.hpp"

namespace npp_peers {

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
