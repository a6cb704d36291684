#pragma once
// What `filterlab imagecl run` and the generated host code share: the configuration a user kernel
// runs with on a device. The tuned one when the tuning database has it for this source and
// device; else the documented default (default_config).
#include <string>

#include "imagecl/space.hpp"
#include "ocl/device.hpp"

namespace filterlab::imagecl {

// The default: 32x4 work-groups (x1 in z), no coarsening, every memory switch off, loops not
// unrolled (each parameter's first value), the work-group halved (y first) until the device
// accepts it.
Config default_config(const KernelSpace& s, const ocl::DeviceInfo& dev);

struct ConfigChoice {
  Config config;
  std::string id;
  bool tuned = false;
  std::string why;  // "tuned: <origin>, 0.12 ms" or "default (no tuning result for <slug> in <db>)"
};

// `db` empty: default_tuning_db(). A recorded ID that is no longer a configuration of the space
// (the compiler changed) or that the device refuses falls back to the default, saying so in `why`.
ConfigChoice choose_config(const KernelSpace& s, const std::string& source_sha256, const std::string& generated_sha256,
                           const ocl::DeviceInfo& dev, const std::string& db = "");

}  // namespace filterlab::imagecl
