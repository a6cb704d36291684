#pragma once
// The tuning database of user kernels: which configuration of a kernel is fastest on a device.
// One JSON file (default $FILTERLAB_TUNING_DB, else <user cache>/tuning.json):
//   {"schema": "filterlab.imagecl-tuning/1",
//    "kernels": {"<sha256 of the .icl text>": {"kernel": "blur", "source": "blur.icl",
//                "devices": {"<device slug>": {"id": ..., "time_ms": ..., "device": ..., ...}}}}}
// `filterlab imagecl tune` writes it (under an exclusive lock on <db>.lock, replaced atomically);
// `imagecl run` and the generated host code read it. Lookups also read the `run tuning`
// experiment's per-device result (experiments/results/tuning/<device>.json, its "best" table)
// for a built-in benchmark kernel whose generated OpenCL is the embedded one.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ocl/device.hpp"

namespace filterlab::imagecl {

std::string default_tuning_db();

struct TunedConfig {
  std::string id;        // the configuration ID (config_id)
  double time_ms = 0.0;  // as measured by the tune that recorded it
  std::string origin;    // where it came from: the database file and key
};

// Records `entry` (must hold "id" and "time_ms") for the kernel and device, replacing any earlier one.
void record_tuned(const std::string& db, const std::string& source_sha256, const std::string& kernel, const std::string& source_path,
                  const ocl::DeviceInfo& dev, nlohmann::json entry);

// The configuration recorded for this kernel and device, if any. `generated_sha256` (the
// compiler's OpenCL, before FilterLab's prefix) lets an experiment result answer for a built-in
// kernel. A missing database file is no error; an unreadable one is.
std::optional<TunedConfig> lookup_tuned(const std::string& db, const std::string& source_sha256, const std::string& kernel,
                                        const std::string& generated_sha256, const std::string& device_slug);

}  // namespace filterlab::imagecl
