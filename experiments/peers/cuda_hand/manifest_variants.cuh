#pragma once
// The manifest's definition of a workload as the kernels' definitions: the weights, k and scales as
// exported (filterlab-peers export, weights_json), and a check that the border, pixel type and job
// count are the ones the kernels implement (else every variant is not applicable, with the reason).

#include <stdexcept>
#include <string>
#include <vector>

#include "../npp/json_lite.hpp"
#include "../npp/manifest_lite.hpp"
#include "variants.cuh"

namespace cuda_hand {

using npp_peers::Json;
using npp_peers::Workload;

inline bool is_hand_workload(const std::string& name) {
  return name == "sepconv5" || name == "conv2d5_u8" || name == "harris";
}

inline std::string mismatch(const Workload& w, const std::string& border, bool u8) {
  if (w.jobs.size() != 1) return "the kernels compute one job; the manifest has " + std::to_string(w.jobs.size());
  if (w.border != border) return "the kernels implement " + border + "; the manifest asks for " + w.border;
  if (w.u8 != u8) return std::string("the kernels read ") + (u8 ? "8-bit" : "float") + " pixels";
  return "";
}

inline std::vector<double> numbers(const Json& a) {
  std::vector<double> v;
  for (const Json& x : a.arr) v.push_back(x.num);
  return v;
}

inline std::vector<Variant> manifest_variants(const Workload& w, const DevImage& in) {
  if (w.name == "sepconv5") {
    std::string why = mismatch(w, "BORDER_CONSTANT (0)", false);
    SepconvDef d;
    if (why.empty()) {
      const Json& def = *w.jobs.front().definition;
      d.kx = numbers(def["kx"]), d.ky = numbers(def["ky"]);
    }
    return sepconv_variants(d, in, why);
  }
  if (w.name == "conv2d5_u8") {
    std::string why = mismatch(w, "BORDER_REPLICATE", true);
    Conv2dDef d;
    if (why.empty()) {
      const Json& rows = (*w.jobs.front().definition)["weights"];
      d.size = static_cast<int>(rows.arr.size());
      for (const Json& r : rows.arr) {
        if (static_cast<int>(r.arr.size()) != d.size) why = "the weights are not square";
        for (const Json& x : r.arr) d.w.push_back(x.num);
      }
    }
    return conv2d_u8_variants(d, in, why);
  }
  if (w.name == "harris") {
    std::string why = mismatch(w, "BORDER_REFLECT_101", false);
    HarrisDef d;
    if (why.empty()) {
      const Json& def = *w.jobs.front().definition;
      d.k = def["k"].num, d.sobel_scale = def["sobel_scale"].num;
      d.block_size = static_cast<int>(def["block_size"].num), d.sobel_size = static_cast<int>(def["sobel_size"].num);
    }
    return harris_variants(d, in, why);
  }
  throw std::runtime_error("no hand-written kernels for workload " + w.name);
}

}  // namespace cuda_hand
