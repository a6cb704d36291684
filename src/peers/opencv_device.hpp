#pragma once
// Selecting the OpenCL device of OpenCV's UMat path, and proving that a UMat call ran OpenCL
// kernels on it. OpenCV falls back to its CPU code silently when no device is selected or a
// function's OpenCL path declines; we route OpenCV's OpenCL calls through a launch counter
// (cl_launch_counter.cpp, loaded as OPENCV_OPENCL_RUNTIME) and count kernel launches per call.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "ocl/device.hpp"

namespace filterlab::peers {

struct OpenCvOpenCl {
  std::string requested;       // OPENCV_OPENCL_DEVICE as OpenCV saw it
  bool active = false;         // cv::ocl::useOpenCL() after selection
  std::string device, vendor;  // OpenCV's default device
  bool matches = false;        // that device is the one FilterLab selected
  std::string counter;         // the launch counter OpenCV was told to load (OPENCV_OPENCL_RUNTIME)
  std::string problem;         // why the UMat path cannot be trusted to run OpenCL on the device
  nlohmann::json json() const;
};

// The OPENCV_OPENCL_DEVICE value naming `dev` ("<platform>:<CPU|GPU|ACCELERATOR>:<device name>").
std::string opencv_device_string(const ocl::DeviceInfo& dev);

// Must run before any other cv::ocl call of the process: points OPENCV_OPENCL_RUNTIME at the
// launch counter and OPENCV_OPENCL_DEVICE at `dev` (unless OPENCV_OPENCL_DEVICE is set already:
// the user's choice wins and is then checked like ours), initialises OpenCV's OpenCL and checks
// that its default device is `dev`.
OpenCvOpenCl select_opencv_device(const ocl::Device& dev);

// Launches counted so far, and those on another device than the selected one.
std::uint64_t opencv_launches();
std::uint64_t opencv_foreign_launches();

}  // namespace filterlab::peers
