#include "experiments/provenance.hpp"

#include <unistd.h>

#include <array>
#include <cstdlib>
#include <ctime>
#include <regex>

#include "build_info.hpp"
#include "ocl/cl.hpp"

namespace filterlab {

std::string utc_now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::array<char, 32> buf{};
  std::strftime(buf.data(), buf.size(), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf.data();
}

nlohmann::json build_libraries_json() {
#if defined(__clang__)
  const std::string compiler = std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
  const std::string compiler = std::string("GCC ") + __VERSION__;
#else
  const std::string compiler = "unknown C++ compiler";
#endif
  nlohmann::json j = {{"compiler", compiler},
                      {"cplusplus", static_cast<long>(__cplusplus)},
                      {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                                            std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                                            std::to_string(NLOHMANN_JSON_VERSION_PATCH)},
                      {"opencl_target_version", CL_TARGET_OPENCL_VERSION}};
#ifdef __GLIBCXX__
  j["libstdcxx"] = __GLIBCXX__;
#endif
#ifdef FILTERLAB_PYPI_TOOLS
  // The tool environment the build used (Halide, CMake, Intel's OpenCL runtime, Kernel Tuner).
  j["pypi_tools"] = FILTERLAB_PYPI_TOOLS;
  j["pypi_tools_lock_sha256"] = FILTERLAB_PYPI_LOCK_SHA256;
#endif
  return j;
}

void add_programs_used(nlohmann::json& prov) {
  nlohmann::json files = nlohmann::json::object(), programs = nlohmann::json::object();
  for (const auto& [sha, hashes] : ocl::programs_used()) {
    programs[sha] = hashes;
    for (const auto& [file, hash] : hashes) files[file] = hash;
  }
  prov["kernel_sources"] = files;
  prov["kernel_programs"] = programs;
}

nlohmann::json device_json(const ocl::DeviceInfo& d) {
  return {{"device", d.name},
          {"device_slug", d.slug},
          {"device_type", d.type},
          {"vendor", d.vendor},
          {"platform", d.platform},
          {"platform_version", d.platform_version},
          {"device_version", d.device_version},
          {"driver_version", d.driver_version},
          {"opencl_c_version", d.opencl_c_version},
          {"compute_units", d.compute_units},
          {"global_mem_bytes", d.global_mem_bytes},
          {"max_alloc_bytes", d.max_alloc_bytes},
          {"local_mem_bytes", d.local_mem_bytes},
          {"max_work_group_size", d.max_work_group_size},
          {"image_support", d.image_support},
          {"image2d_max", {d.image2d_max_width, d.image2d_max_height}},
          {"image_max_buffer_size", d.image_max_buffer_size},
          {"image_max_array_size", d.image_max_array_size},
          {"timer_resolution_ns", d.profiling_timer_resolution_ns}};
}

nlohmann::json provenance(const ocl::DeviceInfo& d, const ocl::ProgramSource& source,
                          const std::string& build_options) {
  auto p = device_json(d);
  std::array<char, 256> host{};
  gethostname(host.data(), host.size() - 1);
  // A bundle run on another machine has no git checkout: the commit baked in at build time is the truth.
  p["host"] = host.data();
  p["commit"] = kCommit;
  p["commit_dirty"] = kCommitDirty;
  p["filterlab_version"] = kVersion;
  p["date"] = utc_now_iso8601();
  p["kernel_sources"] = source.hashes;
  p["kernel_program_sha256"] = source.sha256;
  p["kernel_origin"] = source.origin;
  p["build_options"] = build_options;
  p["libraries"] = build_libraries_json();
  return p;
}

std::string build_options_pattern(const std::string& options) {
  const std::string a = std::regex_replace(options, std::regex("-DKSIZE=[0-9]+"), "-DKSIZE=<ksize>");
  return std::regex_replace(a, std::regex("-DFL_STORAGE=[0-3]"), "-DFL_STORAGE=<0..3>");
}

}  // namespace filterlab
