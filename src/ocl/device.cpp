#include "ocl/device.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

#include "error.hpp"
#include "ocl/errors.hpp"

namespace filterlab::ocl {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\n\r");
  const auto e = s.find_last_not_of(" \t\n\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, sep);)
    if (!trim(item).empty()) out.push_back(trim(item));
  return out;
}

std::string type_name(cl_device_type t) {
  if (t & CL_DEVICE_TYPE_GPU) return "GPU";
  if (t & CL_DEVICE_TYPE_CPU) return "CPU";
  if (t & CL_DEVICE_TYPE_ACCELERATOR) return "ACCELERATOR";
  return "OTHER";
}

// A short platform prefix keeps slugs readable: PoCL's CPU device and NVIDIA's GPU differ at a glance.
std::string platform_prefix(const std::string& platform) {
  const std::string p = lower(platform);
  if (p.find("portable computing language") != std::string::npos || p.find("pocl") != std::string::npos) return "pocl";
  if (p.find("nvidia") != std::string::npos) return "nvidia";
  if (p.find("amd") != std::string::npos) return "amd";
  if (p.find("intel") != std::string::npos) return "intel";
  return slugify(platform);
}

std::string full_name(const Device& d) { return d.info.platform + " / " + d.info.name; }

}  // namespace

std::string slugify(const std::string& text) {
  std::string out;
  for (unsigned char c : lower(text)) {
    if (std::isalnum(c)) {
      out += static_cast<char>(c);
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

DeviceInfo describe(const cl::Platform& platform, const cl::Device& device) {
  DeviceInfo i;
  i.platform = trim(platform.getInfo<CL_PLATFORM_NAME>());
  i.platform_version = trim(platform.getInfo<CL_PLATFORM_VERSION>());
  i.name = trim(device.getInfo<CL_DEVICE_NAME>());
  i.vendor = trim(device.getInfo<CL_DEVICE_VENDOR>());
  i.device_version = trim(device.getInfo<CL_DEVICE_VERSION>());
  i.driver_version = trim(device.getInfo<CL_DRIVER_VERSION>());
  i.opencl_c_version = trim(device.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
  i.type = type_name(device.getInfo<CL_DEVICE_TYPE>());
  i.compute_units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  i.global_mem_bytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
  i.max_alloc_bytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  i.local_mem_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  i.constant_mem_bytes = device.getInfo<CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE>();
  i.max_work_group_size = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  i.image_support = device.getInfo<CL_DEVICE_IMAGE_SUPPORT>() == CL_TRUE;
  if (i.image_support) {
    i.image2d_max_width = device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    i.image2d_max_height = device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>();
    i.image_max_buffer_size = device.getInfo<CL_DEVICE_IMAGE_MAX_BUFFER_SIZE>();
    i.image_max_array_size = device.getInfo<CL_DEVICE_IMAGE_MAX_ARRAY_SIZE>();
  }
  i.profiling_timer_resolution_ns = device.getInfo<CL_DEVICE_PROFILING_TIMER_RESOLUTION>();
  // e.g. "nvidia-h200", "pocl-cpu-skylake-avx512-intel-r-xeon-r-processor": no word said twice.
  const std::string prefix = platform_prefix(i.platform);
  std::string name = slugify(i.name);
  if (name.rfind(prefix + "-", 0) == 0) name = name.substr(prefix.size() + 1);
  std::string slug = prefix + (i.type == "CPU" && name.rfind("cpu-", 0) != 0 ? "-cpu-" : "-") + name;
  i.slug = slug.size() > 72 ? slug.substr(0, 72) : slug;
  return i;
}

std::vector<Device> all_devices() {
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error& e) {
    if (e.err() == -1001 || e.err() == CL_INVALID_VALUE) throw Error("no OpenCL platform found", status_hint(-1001));
    rethrow(e, "listing OpenCL platforms");
  }
  if (platforms.empty()) throw Error("no OpenCL platform found", status_hint(-1001));
  std::vector<Device> out;
  for (const auto& p : platforms) {
    std::vector<cl::Device> devices;
    try {
      p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } catch (const cl::Error& e) {
      if (e.err() == CL_DEVICE_NOT_FOUND) continue;  // a platform without devices is not an error
      rethrow(e, "listing the devices of " + p.getInfo<CL_PLATFORM_NAME>());
    }
    for (const auto& d : devices) out.push_back({p, d, describe(p, d)});
  }
  if (out.empty())
    throw Error("OpenCL platforms exist but report no devices", "check the driver installation (clinfo)");
  return out;
}

std::vector<Device> select_devices(const std::string& selector) {
  std::string sel = selector;
  if (sel.empty()) {
    const char* env = std::getenv("FILTERLAB_DEVICE");
    sel = env ? env : "";
  }
  auto devices = all_devices();
  const auto patterns = split(sel, ',');
  if (patterns.empty()) return devices;
  std::vector<Device> out;
  for (const auto& pattern : patterns) {
    bool matched = false;
    for (const auto& d : devices) {
      const std::string name = lower(full_name(d) + " / " + d.info.slug + " / " + d.info.type);
      if (name.find(lower(pattern)) == std::string::npos) continue;
      matched = true;
      const bool dup = std::any_of(out.begin(), out.end(), [&](const Device& o) { return o.device() == d.device(); });
      if (!dup) out.push_back(d);
    }
    if (!matched) {
      std::string avail;
      for (const auto& d : devices) avail += "\n  " + full_name(d) + "  [" + d.info.slug + "]";
      throw Error("no OpenCL device matches '" + pattern + "'",
                  "choose one of these (any part of the name, case-insensitive):" + avail);
    }
  }
  return out;
}

}  // namespace filterlab::ocl
