#include "families/tiled/tiled_runner.hpp"

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab {

namespace {
cl::Buffer weights_buffer(const cl::Context& ctx, const std::vector<double>& w) {
  std::vector<float> f(w.begin(), w.end());
  return cl::Buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, f.size() * sizeof(float), f.data());
}
std::uint64_t image_bytes(int w, int h) {
  return static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) * sizeof(float);
}
}  // namespace

DeviceImage allocate_image(ocl::Runtime& rt, int width, int height, const std::string& what) {
  ocl::check_allocation(rt.device.info, image_bytes(width, height), what);
  return {cl::Buffer(rt.context, CL_MEM_READ_WRITE, image_bytes(width, height)), width, height};
}

DeviceImage upload_image(ocl::Runtime& rt, const ref::Image& img, const std::string& what) {
  auto d = allocate_image(rt, img.width, img.height, what);
  rt.queue.enqueueWriteBuffer(d.buffer, CL_TRUE, 0, image_bytes(img.width, img.height), img.px.data());
  return d;
}

ref::Image download_image(ocl::Runtime& rt, const DeviceImage& img) {
  ref::Image out(img.width, img.height);
  rt.queue.enqueueReadBuffer(img.buffer, CL_TRUE, 0, image_bytes(img.width, img.height), out.px.data());
  return out;
}

std::uint64_t TiledCounts::total(TiledCounter c) const {
  std::uint64_t s = 0;
  for (const auto& k : by_class) s += k[static_cast<std::size_t>(c)];
  return s;
}

void check_rois(const ref::Roi& sroi, int src_w, int src_h, const ref::Roi& troi, int dst_w, int dst_h) {
  const auto ps = ref::roi_problem(sroi, src_w, src_h);
  if (!ps.empty()) throw Error("source " + ps, "give --src-roi x,y,w,h inside the input image");
  const auto pt = ref::roi_problem(troi, dst_w, dst_h);
  if (!pt.empty()) throw Error("target " + pt, "give --dst-roi x,y,w,h inside the output image");
  if (sroi.width != troi.width || sroi.height != troi.height)
    throw Error("source ROI " + ref::roi_text(sroi) + " and target ROI " + ref::roi_text(troi) + " differ in size",
                "the two ROIs must have equal width and height");
}

TiledRunner::TiledRunner(ocl::Runtime& rt, const TiledVariant& variant, ref::Border border, float border_value,
                         bool count)
    : rt_(rt), variant_(variant), border_value_(border_value), count_(count) {
  const auto& dev = rt.device.info;
  const std::string what = variant.id() + " (" + std::string(ref::border_name(border)) + ")";
  ocl::check_local_memory(dev, variant.local_bytes(), what + " local memory");
  ocl::check_constant_memory(dev, 2 * static_cast<std::uint64_t>(variant.ksize) * sizeof(float), what + " weights");
  source_ = ocl::load_program_source(variant.kernel_files());
  options_ = variant.build_options(border, count);
  try {
    const auto program = ocl::build_program(rt.context, rt.device, source_, options_);
    kernel_ = cl::Kernel(program, variant.traits().kernel);
    ocl::check_work_group(dev, rt.device.device, kernel_, variant.traits().local_w, variant.traits().local_h, what);
    const auto [kx, ky] = ref::tiled_weights(variant.ksize);
    wx_ = weights_buffer(rt.context, kx);
    wy_ = weights_buffer(rt.context, ky);
    double sum_x = 0.0;
    for (double v : kx) sum_x += v;
    pass2_border_ = static_cast<float>(border_value * sum_x);
    if (count_) counters_ = cl::Buffer(rt.context, CL_MEM_READ_WRITE, 4 * kCounters * sizeof(cl_uint));
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "preparing " + what + " on " + dev.name);
  }
}

void TiledRunner::launch(cl::Kernel& k, const cl::Buffer& in, int in_pitch, int ix0, int iy0, const cl::Buffer& out,
                         int out_pitch, int ox0, int oy0, int w, int h, const cl::Buffer& weights_a,
                         const cl::Buffer* weights_b, float bv, std::vector<cl::Event>& events) {
  int arg = 0;
  k.setArg(arg++, in);
  k.setArg(arg++, static_cast<cl_int>(in_pitch));
  k.setArg(arg++, static_cast<cl_int>(ix0));
  k.setArg(arg++, static_cast<cl_int>(iy0));
  k.setArg(arg++, out);
  k.setArg(arg++, static_cast<cl_int>(out_pitch));
  k.setArg(arg++, static_cast<cl_int>(ox0));
  k.setArg(arg++, static_cast<cl_int>(oy0));
  k.setArg(arg++, static_cast<cl_int>(w));
  k.setArg(arg++, static_cast<cl_int>(h));
  k.setArg(arg++, weights_a);
  if (weights_b) k.setArg(arg++, *weights_b);
  k.setArg(arg++, bv);
  if (count_) k.setArg(arg++, counters_);
  const auto& t = variant_.traits();
  const cl::NDRange global(variant_.global_w(w, h), variant_.global_h(w, h));
  cl::Event e;
  rt_.queue.enqueueNDRangeKernel(k, cl::NullRange, global, cl::NDRange(t.local_w, t.local_h), nullptr, &e);
  events.push_back(e);
}

std::vector<cl::Event> TiledRunner::enqueue(const DeviceImage& src, const ref::Roi& sroi, DeviceImage& dst,
                                            const ref::Roi& troi) {
  check_rois(sroi, src.width, src.height, troi, dst.width, dst.height);
  std::vector<cl::Event> events;
  try {
    if (variant_.traits().passes == 2) {
      const std::size_t pixels = static_cast<std::size_t>(sroi.width) * static_cast<std::size_t>(sroi.height);
      if (pixels != tmp_pixels_) {
        ocl::check_allocation(rt_.device.info, pixels * sizeof(float), variant_.id() + " intermediate");
        tmp_ = cl::Buffer(rt_.context, CL_MEM_READ_WRITE, pixels * sizeof(float));
        tmp_pixels_ = pixels;
      }
      // Pass 1: rows of the source ROI -> the intermediate (h x w, transposed); pass 2: its rows
      // (the ROI's columns) -> the target ROI, transposed back.
      launch(kernel_, src.buffer, src.width, sroi.x, sroi.y, tmp_, sroi.height, 0, 0, sroi.width, sroi.height, wx_,
             nullptr, border_value_, events);
      launch(kernel_, tmp_, sroi.height, 0, 0, dst.buffer, dst.width, troi.x, troi.y, sroi.height, sroi.width, wy_,
             nullptr, pass2_border_, events);
    } else {
      launch(kernel_, src.buffer, src.width, sroi.x, sroi.y, dst.buffer, dst.width, troi.x, troi.y, sroi.width,
             sroi.height, wx_, &wy_, border_value_, events);
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "running " + variant_.id() + " on " + rt_.device.info.name);
  }
  return events;
}

TiledCounts TiledRunner::count(const DeviceImage& src, const ref::Roi& sroi, DeviceImage& dst, const ref::Roi& troi) {
  if (!count_) throw Error("count() needs a TiledRunner built with count = true");
  const cl_uint zero = 0;
  rt_.queue.enqueueFillBuffer(counters_, zero, 0, 4 * kCounters * sizeof(cl_uint));
  enqueue(src, sroi, dst, troi);
  std::vector<cl_uint> raw(4 * kCounters);
  rt_.queue.enqueueReadBuffer(counters_, CL_TRUE, 0, raw.size() * sizeof(cl_uint), raw.data());
  TiledCounts c;
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t i = 0; i < kCounters; ++i) c.by_class[k][i] = raw[k * kCounters + i];
  return c;
}

ref::Image apply_tiled(ocl::Runtime& rt, const TiledVariant& v, const ref::Image& src, const ref::Roi& sroi,
                       const ref::Image& target, const ref::Roi& troi, ref::Border border, float border_value) {
  check_rois(sroi, src.width, src.height, troi, target.width, target.height);
  TiledRunner runner(rt, v, border, border_value);
  const auto in = upload_image(rt, src, "the source image");
  auto out = upload_image(rt, target, "the target image");
  runner.enqueue(in, sroi, out, troi);
  return download_image(rt, out);
}

}  // namespace filterlab
