#pragma once
// Finding OpenCL devices, choosing them by name, and describing them.
#include <cstdint>
#include <string>
#include <vector>

#include "ocl/cl.hpp"

namespace filterlab::ocl {

struct DeviceInfo {
  std::string platform, platform_version, name, vendor, device_version, driver_version, opencl_c_version;
  std::string type;  // "GPU", "CPU", "ACCELERATOR", ...
  std::string slug;  // file-name-safe, stable: e.g. "pocl-cpu-amd-epyc-7b13", "nvidia-h100-80gb-hbm3"
  unsigned compute_units = 0;
  std::uint64_t global_mem_bytes = 0, max_alloc_bytes = 0, local_mem_bytes = 0, constant_mem_bytes = 0;
  std::size_t max_work_group_size = 0;
  bool image_support = false;
  std::size_t image2d_max_width = 0, image2d_max_height = 0, image_max_buffer_size = 0;
  std::size_t image_max_array_size = 0;  // layers of an image2d_array
  std::size_t profiling_timer_resolution_ns = 0;
  bool is_cpu() const { return type == "CPU"; }
};

struct Device {
  cl::Platform platform;
  cl::Device device;
  DeviceInfo info;
};

// Every device of every platform. Throws filterlab::Error with a hint when no platform exists.
std::vector<Device> all_devices();

// The devices whose "platform / device" name contains one of the comma-separated, case-insensitive
// patterns (e.g. "nvidia", "pocl", "portable computing language / cpu"). An empty selector means the
// FILTERLAB_DEVICE environment variable, and if that is unset too, every device. Throws
// filterlab::Error listing the available devices when a pattern matches none.
std::vector<Device> select_devices(const std::string& selector);

DeviceInfo describe(const cl::Platform& platform, const cl::Device& device);
std::string slugify(const std::string& text);

}  // namespace filterlab::ocl
