#pragma once
// The launch counter that OpenCV's OpenCL calls go through (see cl_launch_counter.cpp).
#include <cstdint>

extern "C" {
// Successful clEnqueueNDRangeKernel calls through this library since the process started.
std::uint64_t filterlab_cl_kernel_launches(void);
// Of those, the launches on a queue whose device is not the one given to filterlab_cl_expect_device.
std::uint64_t filterlab_cl_foreign_launches(void);
void filterlab_cl_expect_device(void* device);  // a cl_device_id
}
