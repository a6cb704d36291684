#include "families/blur/blur_runner.hpp"

#include <cmath>
#include <limits>

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab {

BlurRunner::BlurRunner(ocl::Runtime& rt, const BlurVariant& variant, ref::Border border, float border_value)
    : rt_(rt), variant_(variant), border_value_(border_value) {
  const auto& dev = rt.device.info;
  const std::string what = variant.id();
  source_ = ocl::load_program_source(variant.kernel_files());
  options_ = variant.build_options(border);
  try {
    const auto program = ocl::build_program(rt.context, rt.device, source_, options_);
    const bool separable = variant.traits().launches == 2;
    for (const char* name :
         separable ? std::vector<const char*>{"blur_rows", "blur_cols"} : std::vector<const char*>{"blur_2d"}) {
      kernels_.emplace_back(program, name);
      ocl::check_work_group(dev, rt.device.device, kernels_.back(), variant.local_w, variant.local_h, what);
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "preparing " + what + " on " + dev.name);
  }
}

BlurBuffers BlurRunner::upload(const ref::Image& img) const {
  const auto& dev = rt_.device.info;
  if (img.empty()) throw Error("the blur's input is empty");
  BlurBuffers b;
  b.width = img.width;
  b.height = img.height;
  const std::size_t bytes = img.size() * sizeof(float);
  const bool separable = variant_.traits().launches == 2;
  ocl::check_allocation(dev, bytes, "the blur's input");
  ocl::check_total_memory(dev, bytes * (separable ? 3 : 2), "the blur's buffers");
  try {
    b.input =
        cl::Buffer(rt_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, const_cast<float*>(img.px.data()));
    b.output = cl::Buffer(rt_.context, CL_MEM_READ_WRITE, bytes);
    if (separable) b.temp = cl::Buffer(rt_.context, CL_MEM_READ_WRITE, bytes);
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "allocating the blur's buffers for " + variant_.id() + " on " + dev.name);
  }
  return b;
}

std::vector<cl::Event> BlurRunner::enqueue(const BlurBuffers& b) {
  const cl::NDRange local(variant_.local_w, variant_.local_h);
  const auto global = ocl::padded_global(static_cast<std::size_t>(b.width), static_cast<std::size_t>(b.height), local);
  std::vector<cl::Event> events;
  const auto launch = [&](cl::Kernel& k, const cl::Buffer& src, const cl::Buffer& dst, float border_value) {
    k.setArg(0, src);
    k.setArg(1, dst);
    k.setArg(2, b.width);
    k.setArg(3, b.height);
    k.setArg(4, border_value);
    events.emplace_back();
    rt_.queue.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &events.back());
  };
  try {
    if (variant_.traits().launches == 2) {
      launch(kernels_[0], b.input, b.temp, border_value_);
      // Outside the image, the column pass reads what a constant row pass would have summed.
      launch(kernels_[1], b.temp, b.output, border_value_ * static_cast<float>(1 << (variant_.ksize - 1)));
    } else {
      launch(kernels_[0], b.input, b.output, border_value_);
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running " + variant_.id() + " on " + rt_.device.info.name);
  }
  return events;
}

ref::Image BlurRunner::download(const BlurBuffers& b) const {
  ref::Image out(b.width, b.height);
  rt_.queue.enqueueReadBuffer(b.output, CL_TRUE, 0, out.size() * sizeof(float), out.px.data());
  return out;
}

void BlurRunner::poison(const BlurBuffers& b) const {
  const std::size_t bytes = static_cast<std::size_t>(b.width) * static_cast<std::size_t>(b.height) * sizeof(float);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  rt_.queue.enqueueFillBuffer(b.output, nan, 0, bytes);
  if (variant_.traits().launches == 2) rt_.queue.enqueueFillBuffer(b.temp, nan, 0, bytes);
  rt_.queue.finish();
}

ref::Image apply_blur(ocl::Runtime& rt, const BlurVariant& v, const ref::Image& img, ref::Border border,
                      float border_value) {
  BlurRunner runner(rt, v, border, border_value);
  const auto b = runner.upload(img);
  runner.poison(b);
  runner.enqueue(b);
  return runner.download(b);
}

}  // namespace filterlab
