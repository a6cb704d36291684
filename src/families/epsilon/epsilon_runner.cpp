#include "families/epsilon/epsilon_runner.hpp"

#include <algorithm>

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab {

std::size_t epsilon_packed_texels(int width) {
  // One margin texel on the left; the right side padded to whole groups of 16 pixels (the widest
  // step) plus one halo texel.
  return ocl::round_up(static_cast<std::size_t>(width), 16) / 4 + 2;
}

std::vector<std::uint8_t> epsilon_pack(const ref::Plane8& img) {
  const std::size_t texels = epsilon_packed_texels(img.width);
  std::vector<std::uint8_t> out(texels * 4 * static_cast<std::size_t>(img.height));
  for (int y = 0; y < img.height; ++y)
    for (std::size_t q = 0; q < texels * 4; ++q) {
      const int x = std::clamp(static_cast<int>(q) - 4, 0, img.width - 1);  // BORDER_REPLICATE
      out[static_cast<std::size_t>(y) * texels * 4 + q] = img.at(x, y);
    }
  return out;
}

EpsilonRunner::EpsilonRunner(ocl::Runtime& rt, const EpsilonVariant& variant) : rt_(rt), variant_(variant) {
  const auto& dev = rt.device.info;
  const std::string what = variant.id();
  ocl::require_images(dev, what);
  if (variant.traits().local) ocl::check_local_memory(dev, variant.local_bytes(), what + " local-memory tile");
  source_ = ocl::load_program_source(variant.kernel_files());
  options_ = variant.build_options();
  try {
    const auto program = ocl::build_program(rt.context, rt.device, source_, options_);
    kernel_ = cl::Kernel(program, "epsilon");
    ocl::check_work_group(dev, rt.device.device, kernel_, variant.local_w, variant.local_h, what);
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "preparing " + what + " on " + dev.name);
  }
}

EpsilonImages EpsilonRunner::upload(const ref::Plane8& img) const {
  const auto& dev = rt_.device.info;
  if (img.width <= 0 || img.height <= 0) throw Error("the epsilon filter's input is empty");
  EpsilonImages out;
  out.width = img.width;
  out.height = img.height;
  const std::size_t h = static_cast<std::size_t>(img.height);
  try {
    if (variant_.traits().float_math) {
      ocl::check_image2d(dev, static_cast<std::size_t>(img.width), h, "the epsilon input (CL_R)");
      out.input =
          cl::Image2D(rt_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, cl::ImageFormat(CL_R, CL_UNORM_INT8),
                      static_cast<std::size_t>(img.width), h, 0, const_cast<std::uint8_t*>(img.px.data()));
    } else {
      const std::size_t texels = epsilon_packed_texels(img.width);
      ocl::check_image2d(dev, texels, h, "the packed epsilon input (CL_RGBA)");
      auto packed = epsilon_pack(img);
      out.input = cl::Image2D(rt_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              cl::ImageFormat(CL_RGBA, CL_UNSIGNED_INT8), texels, h, 0, packed.data());
    }
    const std::size_t bytes = static_cast<std::size_t>(img.width) * h;
    ocl::check_allocation(dev, bytes, "the epsilon output");
    out.output = cl::Buffer(rt_.context, CL_MEM_READ_WRITE, bytes);
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "allocating the epsilon images for " + variant_.id() + " on " + dev.name);
  }
  return out;
}

cl::NDRange EpsilonRunner::global(int width, int height) const {
  const auto n = static_cast<std::size_t>(variant_.traits().outputs_per_item);
  const std::size_t items_x = (static_cast<std::size_t>(width) + n - 1) / n;
  return ocl::padded_global(items_x, static_cast<std::size_t>(height), cl::NDRange(variant_.local_w, variant_.local_h));
}

cl::Event EpsilonRunner::enqueue(const EpsilonImages& images, int threshold) {
  if (threshold < 0 || threshold > 255)
    throw Error("epsilon threshold " + std::to_string(threshold) + " is outside 0..255");
  cl::Event ev;
  try {
    kernel_.setArg(0, images.input);
    kernel_.setArg(1, images.output);
    kernel_.setArg(2, images.width);
    kernel_.setArg(3, images.height);
    if (variant_.traits().float_math)
      kernel_.setArg(4, (static_cast<float>(threshold) + 0.5f) / 255.0f);
    else
      kernel_.setArg(4, threshold);
    rt_.queue.enqueueNDRangeKernel(kernel_, cl::NullRange, global(images.width, images.height),
                                   cl::NDRange(variant_.local_w, variant_.local_h), nullptr, &ev);
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running " + variant_.id() + " on " + rt_.device.info.name);
  }
  return ev;
}

ref::Plane8 EpsilonRunner::download(const EpsilonImages& images) const {
  ref::Plane8 out(images.width, images.height);
  rt_.queue.enqueueReadBuffer(images.output, CL_TRUE, 0, out.px.size(), out.px.data());
  return out;
}

void EpsilonRunner::fill_output(const EpsilonImages& images, std::uint8_t value) const {
  rt_.queue.enqueueFillBuffer(images.output, value, 0, static_cast<std::size_t>(images.width) * images.height);
  rt_.queue.finish();
}

void EpsilonRunner::write_output(const EpsilonImages& images, const ref::Plane8& poison) const {
  if (poison.width != images.width || poison.height != images.height) throw Error("poison image of the wrong size");
  rt_.queue.enqueueWriteBuffer(images.output, CL_TRUE, 0, poison.px.size(), poison.px.data());
}

ref::Plane8 apply_epsilon(ocl::Runtime& rt, const EpsilonVariant& v, const ref::Plane8& img, int threshold,
                          std::uint8_t poison) {
  EpsilonRunner runner(rt, v);
  const auto images = runner.upload(img);
  runner.fill_output(images, poison);
  runner.enqueue(images, threshold);
  return runner.download(images);
}

}  // namespace filterlab
