#pragma once
// What produced a result: device, driver, OpenCL versions, commit, kernel hashes, options, date.
#include <nlohmann/json.hpp>
#include <string>

#include "ocl/device.hpp"
#include "ocl/program.hpp"

namespace filterlab {

nlohmann::json device_json(const ocl::DeviceInfo& d);
// Device fields plus host, commit, version and UTC date; callers add what is specific to the run.
nlohmann::json provenance(const ocl::DeviceInfo& d, const ocl::ProgramSource& source, const std::string& build_options);
std::string utc_now_iso8601();
// The libraries and compiler the binary was built with (versions from their headers).
nlohmann::json build_libraries_json();
// Records in `prov` every program this process built (ocl::programs_used): the union of their
// kernel files' hashes in kernel_sources and program SHA-256 -> files in kernel_programs, for runs
// whose program differs per configuration.
void add_programs_used(nlohmann::json& prov);
// Build options with the per-row parts (-DKSIZE, -DFL_STORAGE) replaced by patterns.
std::string build_options_pattern(const std::string& options);

}  // namespace filterlab
