#pragma once
// Device limits, checked before anything is allocated or launched. Some drivers (NVIDIA's) accept
// objects beyond their limits and fail only at the first enqueue, so we never rely on the driver.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ocl/device.hpp"

namespace filterlab::ocl {

// Each throws filterlab::Error naming `what`, the requested size, the device's limit and what to do.
// `hint` says what to do instead; it must name only options the caller's command has.
void require_images(const DeviceInfo& dev, const std::string& what,
                    const std::string& hint = "choose a device with image support (see `filterlab devices`)");
void check_image2d(const DeviceInfo& dev, std::size_t width, std::size_t height, const std::string& what);
void check_image1d_buffer(const DeviceInfo& dev, std::size_t pixels, const std::string& what);
void check_image2d_array(const DeviceInfo& dev, std::size_t width, std::size_t height, std::size_t layers,
                         const std::string& what);
void check_allocation(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what);
// Sum of all objects that must be resident together.
void check_total_memory(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what);
void check_local_memory(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what);
void check_constant_memory(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what);
// Against both the device's maximum and the kernel's own CL_KERNEL_WORK_GROUP_SIZE.
void check_work_group(const DeviceInfo& dev, const cl::Device& device, const cl::Kernel& kernel, std::size_t local_w,
                      std::size_t local_h, const std::string& what);

}  // namespace filterlab::ocl
