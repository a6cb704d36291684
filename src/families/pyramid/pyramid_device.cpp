#include "families/pyramid/pyramid_device.hpp"

#include <string>

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/ndrange.hpp"
#include "ocl/program.hpp"

namespace filterlab {
namespace {

// Image object and layer of level `i` in a cubes store.
std::pair<const cl::Image2DArray*, int> layer_of(const LevelStore& store, std::size_t i) {
  for (std::size_t r = 0; r < store.runs.size(); ++r)
    if (i < store.runs[r].first + store.runs[r].count)
      return {&store.arrays[r], static_cast<int>(i - store.runs[r].first)};
  throw Error("internal: level " + std::to_string(i) + " is in no octave of the store");
}

cl::array<cl::size_type, 3> region_of(const LevelShape& l) {
  return {static_cast<cl::size_type>(l.width), static_cast<cl::size_type>(l.height), 1};
}

void copy_level(ocl::Runtime& rt, LevelStore& store, std::size_t from, std::size_t to) {
  const auto& a = store.levels[from];
  const auto& b = store.levels[to];
  if (a.width != b.width || a.height != b.height) throw Error("internal: copying between levels of different sizes");
  switch (store.storage) {
    case Storage::Buffer:
    case Storage::ImageBuffer:
      rt.queue.enqueueCopyBuffer(store.buffer, store.buffer, a.offset * sizeof(float), b.offset * sizeof(float),
                                 static_cast<std::size_t>(a.width) * a.height * sizeof(float));
      return;
    case Storage::Images:
      rt.queue.enqueueCopyImage(store.images[from], store.images[to], {0, 0, 0}, {0, 0, 0}, region_of(a));
      return;
    case Storage::Cubes: {
      // Layer to layer of one array through a scratch buffer: the spec allows a copy inside one
      // image object, but NVIDIA's driver 580 left the target layer unwritten (seen by
      // pyramid.build/cubes on the H200), so the copy goes out of the array and back.
      const auto [src, ls] = layer_of(store, from);
      const auto [dst, ld] = layer_of(store, to);
      cl::Buffer scratch(rt.context, CL_MEM_READ_WRITE, static_cast<std::size_t>(a.width) * a.height * sizeof(float));
      rt.queue.enqueueCopyImageToBuffer(*src, scratch, {0, 0, static_cast<cl::size_type>(ls)}, region_of(a), 0);
      rt.queue.enqueueCopyBufferToImage(scratch, *dst, 0, {0, 0, static_cast<cl::size_type>(ld)}, region_of(a));
      return;
    }
  }
}

void downsample_level(ocl::Runtime& rt, cl::Kernel& kernel, LevelStore& store, std::size_t from, std::size_t to) {
  const auto& a = store.levels[from];
  const auto& b = store.levels[to];
  if (b.width != a.width / 2 || b.height != a.height / 2) throw Error("internal: level sizes are not the pyramid's");
  int src_offset = static_cast<int>(a.offset), dst_offset = static_cast<int>(b.offset);
  switch (store.storage) {
    case Storage::Buffer:
    case Storage::ImageBuffer:  // the buffer under the image buffer
      kernel.setArg(0, store.buffer);
      kernel.setArg(3, store.buffer);
      break;
    case Storage::Images:
      kernel.setArg(0, store.images[from]);
      kernel.setArg(3, store.images[to]);
      break;
    case Storage::Cubes: {
      const auto [src, ls] = layer_of(store, from);
      const auto [dst, ld] = layer_of(store, to);
      if (src == dst) throw Error("internal: an octave's first level shares its array with the previous octave");
      kernel.setArg(0, *src);
      kernel.setArg(3, *dst);
      src_offset = ls;
      dst_offset = ld;
      break;
    }
  }
  kernel.setArg(1, src_offset);
  kernel.setArg(2, a.width);
  kernel.setArg(4, dst_offset);
  kernel.setArg(5, b.width);
  kernel.setArg(6, b.height);
  const cl::NDRange local(16, 16);
  rt.queue.enqueueNDRangeKernel(kernel, cl::NullRange, ocl::padded_global(b.width, b.height, local), local);
}

int storage_define(Storage s) { return s == Storage::Images ? 1 : s == Storage::Cubes ? 3 : 0; }

}  // namespace

void build_pyramid_on_device(ocl::Runtime& rt, LevelStore& store, const ref::Image& base, int levels_per_octave) {
  if (store.levels.empty() || store.levels[0].width != base.width || store.levels[0].height != base.height)
    throw Error("internal: the store's level 0 does not have the base image's size");
  try {
    const auto source = ocl::load_program_source({"pyramid/pyramid.cl"});
    const auto program = ocl::build_program(
        rt.context, rt.device, source, "-cl-std=CL1.2 -DFL_STORAGE=" + std::to_string(storage_define(store.storage)));
    cl::Kernel kernel(program, "downsample_box2x2");
    // Upload level 0 alone: upload_levels takes every level, so write it directly.
    if (store.storage == Storage::Images || store.storage == Storage::Cubes) {
      const cl::Image* img = &store.images.front();
      cl::size_type layer = 0;
      if (store.storage == Storage::Cubes) img = layer_of(store, 0).first;
      rt.queue.enqueueWriteImage(*img, CL_TRUE, {0, 0, layer}, region_of(store.levels[0]), 0, 0, base.px.data());
    } else {
      rt.queue.enqueueWriteBuffer(store.buffer, CL_TRUE, 0, base.size() * sizeof(float), base.px.data());
    }
    for (std::size_t i = 1; i < store.levels.size(); ++i) {
      if (i % static_cast<std::size_t>(levels_per_octave) == 0)
        downsample_level(rt, kernel, store, i - 1, i);
      else
        copy_level(rt, store, i - 1, i);
    }
    rt.queue.finish();
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "building the pyramid on " + rt.device.info.name);
  }
}

std::vector<float> keypoint_sums(ocl::Runtime& rt, const LevelStore& store, const std::vector<KeyPoint>& points) {
  if (store.storage != Storage::Buffer && store.storage != Storage::ImageBuffer)
    throw Unsupported(
        "key points from every level in one launch need one memory object for all levels",
        "use the buffer or the image buffer; " + std::string(storage_name(store.storage)) + " keeps levels apart");
  std::vector<cl_int> table, pts;
  for (const auto& l : store.levels) table.insert(table.end(), {static_cast<cl_int>(l.offset), l.width, l.height});
  for (const auto& p : points) {
    if (p.level < 0 || static_cast<std::size_t>(p.level) >= store.levels.size())
      throw Error("key point on level " + std::to_string(p.level) + ", but the pyramid has " +
                  std::to_string(store.levels.size()) + " levels");
    pts.insert(pts.end(), {p.level, p.x, p.y, 0});
  }
  std::vector<float> out(points.size());
  if (points.empty()) return out;
  try {
    const auto source = ocl::load_program_source({"common/border.cl", "pyramid/keypoints.cl"});
    const auto program = ocl::build_program(
        rt.context, rt.device, source,
        "-cl-std=CL1.2 -DFL_BORDER=4 -DFL_STORAGE=" + std::to_string(store.storage == Storage::ImageBuffer ? 2 : 0));
    cl::Kernel kernel(program, "keypoint_sums");
    cl::Buffer levels(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, table.size() * sizeof(cl_int), table.data());
    cl::Buffer in(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, pts.size() * sizeof(cl_int), pts.data());
    cl::Buffer result(rt.context, CL_MEM_WRITE_ONLY, out.size() * sizeof(float));
    if (store.storage == Storage::ImageBuffer)
      kernel.setArg(0, store.image_buffer);
    else
      kernel.setArg(0, store.buffer);
    kernel.setArg(1, levels);
    kernel.setArg(2, in);
    kernel.setArg(3, static_cast<cl_int>(points.size()));
    kernel.setArg(4, result);
    const cl::NDRange local(64);
    rt.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange((points.size() + 63) / 64 * 64), local);
    rt.queue.enqueueReadBuffer(result, CL_TRUE, 0, out.size() * sizeof(float), out.data());
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "reading key points on " + rt.device.info.name);
  }
  return out;
}

}  // namespace filterlab
