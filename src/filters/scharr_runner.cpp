#include "filters/scharr_runner.hpp"

#include <limits>

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab {
namespace {

std::vector<float> as_floats(const ref::Kernel2D& k) { return std::vector<float>(k.w.begin(), k.w.end()); }

}  // namespace

ScharrRunner::ScharrRunner(ocl::Runtime& rt, const Variant& variant, ref::Border border, float border_value)
    : rt_(rt), variant_(variant), border_value_(border_value) {
  const auto& dev = rt.device.info;
  const std::string what = variant.id() + " (" + std::string(ref::border_name(border)) + ")";
  if (variant.storage == Storage::Images) ocl::require_images(dev, what);
  ocl::check_constant_memory(dev, variant.taps() * sizeof(float), what + " filter coefficients");
  source_ = ocl::load_program_source(variant.kernel_files());
  options_ = variant.build_options(border);
  const auto program = ocl::build_program(rt.context, rt.device, source_, options_);
  try {
    kernel_ = cl::Kernel(program, variant.kernel_name().c_str());
    ocl::check_work_group(dev, rt.device.device, kernel_, variant.local_w, variant.local_h, what);
    auto fx = as_floats(ref::scharr_kernel(variant.ksize, ref::Axis::X));
    auto fy = as_floats(ref::scharr_kernel(variant.ksize, ref::Axis::Y));
    filter_x_ = cl::Buffer(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, fx.size() * sizeof(float), fx.data());
    filter_y_ = cl::Buffer(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, fy.size() * sizeof(float), fy.data());
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "preparing " + what + " on " + dev.name);
  }
}

std::vector<cl::Event> ScharrRunner::enqueue(const LevelStore& in, LevelStore& out, ref::Axis axis) {
  if (in.storage != variant_.storage || out.storage != variant_.storage || in.levels.size() != out.levels.size())
    throw Error("internal: " + variant_.id() + " was given storage of another type or shape");
  const cl::NDRange local(variant_.local_w, variant_.local_h);
  std::vector<cl::Event> events;
  try {
    kernel_.setArg(2, axis == ref::Axis::X ? filter_x_ : filter_y_);
    for (std::size_t i = 0; i < in.levels.size(); ++i) {
      const auto& l = in.levels[i];
      if (variant_.storage == Storage::Images) {
        kernel_.setArg(0, in.images[i]);
        kernel_.setArg(1, out.images[i]);
      } else {
        kernel_.setArg(0, in.buffer);
        kernel_.setArg(1, out.buffer);
      }
      kernel_.setArg(6, static_cast<cl_int>(l.offset));
      kernel_.setArg(3, static_cast<cl_int>(l.width));
      kernel_.setArg(4, static_cast<cl_int>(l.height));
      kernel_.setArg(5, border_value_);
      cl::Event e;
      rt_.queue.enqueueNDRangeKernel(kernel_, cl::NullRange, ocl::padded_global(l.width, l.height, local), local,
                                     nullptr, &e);
      events.push_back(e);
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running " + variant_.id() + " on " + rt_.device.info.name);
  }
  return events;
}

std::vector<ref::Image> apply_scharr(ocl::Runtime& rt, const Variant& variant, const std::vector<ref::Image>& inputs,
                                     ref::Axis axis, ref::Border border, float border_value) {
  std::vector<std::pair<int, int>> sizes;
  for (const auto& img : inputs) sizes.emplace_back(img.width, img.height);
  const auto shapes = pack_levels(sizes);
  if (variant.storage == Storage::Buffer && shapes.back().offset + inputs.back().size() > 0x7fffffffu)
    throw Error("images too large for 32-bit buffer offsets", "filter fewer or smaller images at once");
  ocl::check_total_memory(rt.device.info, 2 * store_bytes(shapes), "filtering the input");
  ScharrRunner runner(rt, variant, border, border_value);
  auto in = allocate_levels(rt, variant.storage, shapes, "the input image");
  auto out = allocate_levels(rt, variant.storage, shapes, "the output image");
  upload_levels(rt, in, inputs);
  // Poison the output so that an unwritten pixel can never pass as a result.
  std::vector<ref::Image> poison;
  for (const auto& img : inputs) poison.emplace_back(img.width, img.height, std::numeric_limits<float>::quiet_NaN());
  upload_levels(rt, out, poison);
  runner.enqueue(in, out, axis);
  return download_levels(rt, out);
}

ref::Image apply_scharr(ocl::Runtime& rt, const Variant& variant, const ref::Image& input, ref::Axis axis,
                        ref::Border border, float border_value) {
  return apply_scharr(rt, variant, std::vector<ref::Image>{input}, axis, border, border_value).front();
}

}  // namespace filterlab
