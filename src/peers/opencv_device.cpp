#include "peers/opencv_device.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <opencv2/core/ocl.hpp>

#include "peers/cl_launch_counter.h"

namespace filterlab::peers {

nlohmann::json OpenCvOpenCl::json() const {
  return {{"opencv_opencl_device", requested}, {"use_opencl", active},      {"device", device},  {"vendor", vendor},
          {"matches_selected", matches},       {"opencl_runtime", counter}, {"problem", problem}};
}

std::string opencv_device_string(const ocl::DeviceInfo& dev) {
  // OpenCV matches the platform and the device by name; ':' separates the three parts.
  auto clean = [](std::string s) {
    for (auto& c : s)
      if (c == ':') c = ' ';
    return s;
  };
  return clean(dev.platform) + ":" + (dev.type == "GPU" || dev.type == "CPU" ? dev.type : std::string("ACCELERATOR")) +
         ":" + clean(dev.name);
}

std::uint64_t opencv_launches() { return filterlab_cl_kernel_launches(); }
std::uint64_t opencv_foreign_launches() { return filterlab_cl_foreign_launches(); }

OpenCvOpenCl select_opencv_device(const ocl::Device& dev) {
  OpenCvOpenCl s;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&filterlab_cl_kernel_launches), &info) && info.dli_fname)
    setenv("OPENCV_OPENCL_RUNTIME", info.dli_fname, 1);
  if (const char* rt = std::getenv("OPENCV_OPENCL_RUNTIME")) s.counter = rt;
  if (!std::getenv("OPENCV_OPENCL_DEVICE")) setenv("OPENCV_OPENCL_DEVICE", opencv_device_string(dev.info).c_str(), 1);
  s.requested = std::getenv("OPENCV_OPENCL_DEVICE");
  filterlab_cl_expect_device(dev.device());
  s.active = cv::ocl::haveOpenCL() && cv::ocl::useOpenCL();
  if (s.active) {
    const cv::ocl::Device& d = cv::ocl::Device::getDefault();
    s.device = d.name();
    s.vendor = d.vendorName();
    s.matches = d.ptr() == static_cast<void*>(dev.device());
  }
  if (!s.active)
    s.problem = "OpenCV's OpenCL is not active (OPENCV_OPENCL_DEVICE=" + s.requested + " selects no device)";
  else if (!s.matches)
    s.problem = "OpenCV's default OpenCL device is '" + s.device + "', not the selected '" + dev.info.name + "'";
  return s;
}

}  // namespace filterlab::peers
