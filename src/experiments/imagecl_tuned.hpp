#pragma once
// What the ImageCL experiments share about the tuner's results: the paper's image sides, a device's
// tuning result (its "best": the tuning database) and the tuned configuration of one kernel in it.
// Used by `imagecl` (Study 6a: the device's own tuned configuration beside sampled ones) and by
// `imagecl_portability` (every device's tuned configuration on the device it runs on).
#include <nlohmann/json.hpp>
#include <string>

#include "imagecl/space.hpp"

namespace filterlab {

// The paper's image sides (section 6): separable 4096^2 float, non-separable 8192^2 uchar, Harris 5120^2 float.
int paper_side(const std::string& benchmark);

// A tuning experiment's result file (its "best": the tuning database), or null when there is none.
// Throws filterlab::Error when the file exists but is not JSON.
nlohmann::json read_tuning(const std::string& path);

struct Tuned {
  imagecl::Config config;  // empty: none
  nlohmann::json record;   // where it came from, or why there is none
};

// The best known configuration of a kernel's full space in a tuning result, when the result has one
// that this build's space can still express.
Tuned tuned_config(const nlohmann::json& tuning, const std::string& kernel, const imagecl::KernelSpace& space);

}  // namespace filterlab
