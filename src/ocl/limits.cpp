#include "ocl/limits.hpp"

#include <algorithm>

#include "error.hpp"

namespace filterlab::ocl {
namespace {

std::string mib(std::uint64_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MiB"; }
std::string on(const DeviceInfo& dev) { return " on " + dev.name + " (" + dev.platform + ")"; }

}  // namespace

void require_images(const DeviceInfo& dev, const std::string& what, const std::string& hint) {
  if (!dev.image_support) throw Unsupported(what + " needs image support, which " + dev.name + " does not have", hint);
}

void check_image2d(const DeviceInfo& dev, std::size_t width, std::size_t height, const std::string& what) {
  require_images(dev, what);
  if (width == 0 || height == 0)
    throw Unsupported(what + " is empty (" + std::to_string(width) + "x" + std::to_string(height) + ")");
  if (width > dev.image2d_max_width || height > dev.image2d_max_height)
    throw Unsupported(what + " is " + std::to_string(width) + "x" + std::to_string(height) +
                          " but 2-D images are limited to " + std::to_string(dev.image2d_max_width) + "x" +
                          std::to_string(dev.image2d_max_height) + on(dev),
                      "use --storage buffer, a smaller image or a larger --scale");
}

void check_image1d_buffer(const DeviceInfo& dev, std::size_t pixels, const std::string& what) {
  require_images(dev, what);
  if (pixels > dev.image_max_buffer_size)
    throw Unsupported(what + " has " + std::to_string(pixels) + " pixels but image buffers are limited to " +
                          std::to_string(dev.image_max_buffer_size) + on(dev),
                      "split it (one image buffer per octave) or use a plain buffer");
}

void check_image2d_array(const DeviceInfo& dev, std::size_t width, std::size_t height, std::size_t layers,
                         const std::string& what) {
  check_image2d(dev, width, height, what);
  if (layers > dev.image_max_array_size)
    throw Unsupported(what + " has " + std::to_string(layers) + " layers but image arrays are limited to " +
                          std::to_string(dev.image_max_array_size) + on(dev),
                      "use images (one image2d_t per level) or a buffer");
}

void check_allocation(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what) {
  if (bytes > dev.max_alloc_bytes)
    throw Unsupported(
        what + " needs " + mib(bytes) + " in one allocation but the limit is " + mib(dev.max_alloc_bytes) + on(dev),
        "use a smaller image or a larger --scale");
}

void check_total_memory(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what) {
  if (bytes > dev.global_mem_bytes)
    throw Unsupported(
        what + " needs " + mib(bytes) + " of device memory but " + dev.name + " has " + mib(dev.global_mem_bytes),
        "use a smaller image or a larger --scale");
}

void check_local_memory(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what) {
  if (bytes > dev.local_mem_bytes)
    throw Unsupported(what + " needs " + std::to_string(bytes) + " bytes of local memory but the limit is " +
                          std::to_string(dev.local_mem_bytes) + on(dev),
                      "use a smaller work-group or filter");
}

void check_constant_memory(const DeviceInfo& dev, std::uint64_t bytes, const std::string& what) {
  if (bytes > dev.constant_mem_bytes)
    throw Unsupported(what + " needs " + std::to_string(bytes) + " bytes of constant memory but the limit is " +
                      std::to_string(dev.constant_mem_bytes) + on(dev));
}

void check_work_group(const DeviceInfo& dev, const cl::Device& device, const cl::Kernel& kernel, std::size_t local_w,
                      std::size_t local_h, const std::string& what) {
  const std::size_t items = local_w * local_h;
  const std::size_t kernel_max = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
  const std::size_t limit = std::min(kernel_max, dev.max_work_group_size);
  if (items == 0 || items > limit)
    throw Unsupported(what + " asks for a " + std::to_string(local_w) + "x" + std::to_string(local_h) +
                          " work-group but at most " + std::to_string(limit) + " work-items are allowed" + on(dev),
                      "choose a smaller work-group");
}

}  // namespace filterlab::ocl
