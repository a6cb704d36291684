#include "families/gradient/level_store.hpp"

#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"

namespace filterlab {

std::string_view storage_name(Storage s) {
  switch (s) {
    case Storage::Images:
      return "images";
    case Storage::Buffer:
      return "buffer";
    case Storage::ImageBuffer:
      return "image_buffer";
    case Storage::Cubes:
      return "cubes";
  }
  return "unknown";
}

std::string_view storage_host_type(Storage s) {
  switch (s) {
    case Storage::Images:
      return "std::vector<cl::Image2D>, one per level";
    case Storage::Buffer:
      return "cl::Buffer, every level";
    case Storage::ImageBuffer:
      return "cl::Image1DBuffer over a cl::Buffer, every level";
    case Storage::Cubes:
      return "std::vector<cl::Image2DArray>, one per octave";
  }
  return "unknown";
}

std::string_view storage_kernel_type(Storage s) {
  switch (s) {
    case Storage::Images:
      return "image2d_t";
    case Storage::Buffer:
      return "global const float*";
    case Storage::ImageBuffer:
      return "image1d_buffer_t";
    case Storage::Cubes:
      return "image2d_array_t";
  }
  return "unknown";
}

std::optional<Storage> parse_storage(std::string_view name) {
  for (Storage s : kAllStorages)
    if (name == storage_name(s)) return s;
  return std::nullopt;
}

std::vector<LevelRun> equal_size_runs(const std::vector<LevelShape>& levels) {
  std::vector<LevelRun> runs;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (!runs.empty()) {
      const auto& first = levels[runs.back().first];
      if (first.width == levels[i].width && first.height == levels[i].height) {
        ++runs.back().count;
        continue;
      }
    }
    runs.push_back({i, 1});
  }
  return runs;
}

bool launches_per_run(Storage s) { return s != Storage::Images; }

std::vector<LevelShape> pack_levels(const std::vector<std::pair<int, int>>& sizes) {
  std::vector<LevelShape> out;
  std::size_t offset = 0;
  for (const auto& [w, h] : sizes) {
    if (w <= 0 || h <= 0)
      throw Error("image level of size " + std::to_string(w) + "x" + std::to_string(h) + " is empty");
    out.push_back({w, h, offset});
    offset += static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  }
  return out;
}

namespace {
std::size_t pixels_of(const std::vector<LevelShape>& levels) {
  return levels.empty() ? 0
                        : levels.back().offset + static_cast<std::size_t>(levels.back().width) * levels.back().height;
}
}  // namespace

std::size_t LevelStore::total_pixels() const { return pixels_of(levels); }

namespace {
// The image object, origin and region that hold level `i` of an images or cubes store.
struct ImageRegion {
  const cl::Image* image;
  cl::array<cl::size_type, 3> origin, region;
};
ImageRegion image_region(const LevelStore& store, std::size_t i) {
  const auto& l = store.levels[i];
  const cl::array<cl::size_type, 3> region{static_cast<cl::size_type>(l.width), static_cast<cl::size_type>(l.height),
                                           1};
  if (store.storage == Storage::Images) return {&store.images[i], {0, 0, 0}, region};
  for (std::size_t r = 0; r < store.runs.size(); ++r)
    if (i < store.runs[r].first + store.runs[r].count)
      return {&store.arrays[r], {0, 0, i - store.runs[r].first}, region};
  throw Error("internal: level " + std::to_string(i) + " is in no octave of the store");
}
}  // namespace

std::size_t store_bytes(const std::vector<LevelShape>& levels) { return pixels_of(levels) * sizeof(float); }

LevelStore allocate_levels(ocl::Runtime& rt, Storage storage, const std::vector<LevelShape>& levels,
                           const std::string& what) {
  const auto& dev = rt.device.info;
  LevelStore store;
  store.storage = storage;
  store.levels = levels;
  try {
    if (storage == Storage::Images) {
      for (std::size_t i = 0; i < levels.size(); ++i)
        ocl::check_image2d(dev, levels[i].width, levels[i].height, what + " level " + std::to_string(i));
      const cl::ImageFormat format(CL_R, CL_FLOAT);
      for (const auto& l : levels)
        store.images.emplace_back(rt.context, CL_MEM_READ_WRITE, format, static_cast<std::size_t>(l.width),
                                  static_cast<std::size_t>(l.height));
    } else if (storage == Storage::Cubes) {
      store.runs = equal_size_runs(levels);
      for (const auto& r : store.runs)
        ocl::check_image2d_array(dev, levels[r.first].width, levels[r.first].height, r.count,
                                 what + " octave from level " + std::to_string(r.first));
      const cl::ImageFormat format(CL_R, CL_FLOAT);
      for (const auto& r : store.runs)
        store.arrays.emplace_back(rt.context, CL_MEM_READ_WRITE, format, r.count,
                                  static_cast<std::size_t>(levels[r.first].width),
                                  static_cast<std::size_t>(levels[r.first].height), 0, 0);
    } else {
      const std::size_t bytes = store.total_pixels() * sizeof(float);
      if (storage == Storage::ImageBuffer) ocl::check_image1d_buffer(dev, store.total_pixels(), what);
      ocl::check_allocation(dev, bytes, what);
      store.buffer = cl::Buffer(rt.context, CL_MEM_READ_WRITE, bytes);
      store.runs = equal_size_runs(levels);
      if (storage == Storage::ImageBuffer) {
        store.image_buffer = cl::Image1DBuffer(rt.context, CL_MEM_READ_WRITE, cl::ImageFormat(CL_R, CL_FLOAT),
                                               store.total_pixels(), store.buffer);
      }
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "allocating " + what + " as " + std::string(storage_name(storage)) + " on " + dev.name);
  }
  return store;
}

void upload_levels(ocl::Runtime& rt, LevelStore& store, const std::vector<ref::Image>& images) {
  if (images.size() != store.levels.size()) throw Error("upload: level count mismatch");
  try {
    for (std::size_t i = 0; i < images.size(); ++i) {
      const auto& l = store.levels[i];
      if (images[i].width != l.width || images[i].height != l.height) throw Error("upload: level size mismatch");
      if (store.storage == Storage::Images || store.storage == Storage::Cubes) {
        const auto [image, origin, region] = image_region(store, i);
        rt.queue.enqueueWriteImage(*image, CL_TRUE, origin, region, 0, 0, images[i].px.data());
      } else {
        rt.queue.enqueueWriteBuffer(store.buffer, CL_TRUE, l.offset * sizeof(float), images[i].size() * sizeof(float),
                                    images[i].px.data());
      }
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "uploading images to " + rt.device.info.name);
  }
}

std::vector<ref::Image> download_levels(ocl::Runtime& rt, const LevelStore& store) {
  std::vector<ref::Image> out;
  try {
    for (std::size_t i = 0; i < store.levels.size(); ++i) {
      const auto& l = store.levels[i];
      ref::Image img(l.width, l.height);
      if (store.storage == Storage::Images || store.storage == Storage::Cubes) {
        const auto [image, origin, region] = image_region(store, i);
        rt.queue.enqueueReadImage(*image, CL_TRUE, origin, region, 0, 0, img.px.data());
      } else {
        rt.queue.enqueueReadBuffer(store.buffer, CL_TRUE, l.offset * sizeof(float), img.size() * sizeof(float),
                                   img.px.data());
      }
      out.push_back(std::move(img));
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "reading results back from " + rt.device.info.name);
  }
  return out;
}

void fill_levels(ocl::Runtime& rt, LevelStore& store, float value) {
  try {
    if (store.storage == Storage::Images || store.storage == Storage::Cubes) {
      const cl_float4 colour{{value, value, value, value}};
      for (std::size_t i = 0; i < store.levels.size(); ++i) {
        const auto [image, origin, region] = image_region(store, i);
        rt.queue.enqueueFillImage(*image, colour, origin, region);
      }
    } else {
      rt.queue.enqueueFillBuffer(store.buffer, value, 0, store.total_pixels() * sizeof(float));
    }
    rt.queue.finish();
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "filling device levels on " + rt.device.info.name);
  }
}

}  // namespace filterlab
