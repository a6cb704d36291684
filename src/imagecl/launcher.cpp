#include "imagecl/launcher.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>

#include "error.hpp"
#include "imagecl/pixel_layout.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab::imagecl {
namespace {

std::size_t type_bytes(const std::string& t) {
  if (t == "uchar" || t == "char") return 1;
  if (t == "ushort" || t == "short") return 2;
  return 4;
}

cl::ImageFormat format_of(const std::string& t) {
  if (t == "float") return {CL_R, CL_FLOAT};
  if (t == "uchar") return {CL_R, CL_UNSIGNED_INT8};
  if (t == "char") return {CL_R, CL_SIGNED_INT8};
  if (t == "ushort") return {CL_R, CL_UNSIGNED_INT16};
  if (t == "short") return {CL_R, CL_SIGNED_INT16};
  if (t == "int") return {CL_R, CL_SIGNED_INT32};
  return {CL_R, CL_UNSIGNED_INT32};
}

template <class T>
void put(std::vector<unsigned char>& out, std::size_t i, double v) {
  const T x = static_cast<T>(v);
  std::memcpy(out.data() + i * sizeof(T), &x, sizeof(T));
}

template <class T, class V>
std::vector<unsigned char> typed_bytes(const std::vector<V>& values) {
  std::vector<unsigned char> out(values.size() * sizeof(T));
  for (std::size_t i = 0; i < values.size(); ++i) put<T>(out, i, static_cast<double>(values[i]));
  return out;
}

// Host values (double or float) to the bytes of `n` values of OpenCL type `t`. The type is decided
// once, not per value: the timed images hold up to 67 M pixels, uploaded once per configuration.
template <class V>
std::vector<unsigned char> to_bytes(const std::vector<V>& values, const std::string& t) {
  if (t == "float") return typed_bytes<float>(values);
  if (t == "uchar") return typed_bytes<std::uint8_t>(values);
  if (t == "char") return typed_bytes<std::int8_t>(values);
  if (t == "ushort") return typed_bytes<std::uint16_t>(values);
  if (t == "short") return typed_bytes<std::int16_t>(values);
  if (t == "int") return typed_bytes<std::int32_t>(values);
  if (t == "bool") return typed_bytes<std::int32_t>(values);  // an int kernel argument holding 0 or 1
  if (t == "long") return typed_bytes<std::int64_t>(values);
  if (t == "ulong") return typed_bytes<std::uint64_t>(values);
  return typed_bytes<std::uint32_t>(values);
}

std::string format_number(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

template <class T>
float get(const std::vector<unsigned char>& in, std::size_t i) {
  T x;
  std::memcpy(&x, in.data() + i * sizeof(T), sizeof(T));
  return static_cast<float>(x);
}

template <class T>
void typed_floats(const std::vector<unsigned char>& in, std::vector<float>& out) {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = get<T>(in, i);
}

// The bytes of out.size() values of OpenCL type `t` to floats (the type decided once).
void from_bytes(const std::vector<unsigned char>& in, const std::string& t, std::vector<float>& out) {
  if (t == "float") return typed_floats<float>(in, out);
  if (t == "uchar") return typed_floats<std::uint8_t>(in, out);
  if (t == "char") return typed_floats<std::int8_t>(in, out);
  if (t == "ushort") return typed_floats<std::uint16_t>(in, out);
  if (t == "short") return typed_floats<std::int16_t>(in, out);
  if (t == "int") return typed_floats<std::int32_t>(in, out);
  return typed_floats<std::uint32_t>(in, out);
}

}  // namespace

Launcher::Launcher(ocl::Runtime& rt, const KernelSpace& space, const Config& config, const std::string& extra_options)
    : rt_(rt),
      space_(space),
      config_(config),
      id_(config_id(space, config)),
      options_(build_options(space, config) + (extra_options.empty() ? "" : " " + extra_options)) {
  const auto& dev = rt.device.info;
  wg_x_ = value_of(space, config, "wg_x"), wg_y_ = value_of(space, config, "wg_y");
  cx_ = value_of(space, config, "coarsen_x"), cy_ = value_of(space, config, "coarsen_y");
  if (space.grid_dims == 3) wg_z_ = value_of(space, config, "wg_z"), cz_ = value_of(space, config, "coarsen_z");
  ocl::check_local_memory(dev, local_bytes(space, config), id_ + " local memory");
  ocl::check_constant_memory(dev, constant_bytes(space, config), id_ + " constant memory");
  for (const auto& a : space.args)
    if (!a.image_define.empty() && switched_on(space, config, a.image_define)) ocl::require_images(dev, id_);
  source_ = ocl::load_program_source({}, {{program_file(space, config), program_text(space, config)}});
  try {
    const auto program = ocl::build_program(rt.context, rt.device, source_, options_);
    kernel_ = cl::Kernel(program, space.kernel.c_str());
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "creating kernel " + space.kernel + " for " + id_);
  }
  ocl::check_work_group(dev, rt.device.device, kernel_, static_cast<std::size_t>(wg_x_),
                        static_cast<std::size_t>(wg_y_ * wg_z_), id_);
}

void Launcher::bind(const Args& args) {
  const auto& dev = rt_.device.info;
  images_.clear();
  arrays_.clear();
  cl_uint index = 0;
  try {
    for (const auto& a : space_.args) {
      const auto it = args.find(a.name);
      if (it == args.end()) throw Error(id_ + ": no value for argument '" + a.name + "'", "pass every kernel argument");
      const Arg& v = it->second;
      if (a.kind == "image") {
        if (!v.image || v.image->width <= 0 || v.image->height <= 0)
          throw Error(id_ + ": Image '" + a.name + "' needs a non-empty image",
                      "pass the input, or an image of the output's size");
        DeviceImage d;
        const auto px = pixel_layout(a.type);  // vector pixels: lanes interleaved, `lanes` values per pixel
        if (v.image->width % px.lanes != 0)
          throw Error(id_ + ": Image '" + a.name + "' holds " + a.type + " pixels but its host image is " +
                          std::to_string(v.image->width) + " values wide, not a multiple of " +
                          std::to_string(px.lanes),
                      "give the host image " + std::to_string(px.lanes) + " interleaved values per pixel");
        d.width = v.image->width / px.lanes, d.height = v.image->height, d.type = px.element, d.lanes = px.lanes;
        if (a.dims == 3) {
          if (v.depth <= 0 || v.image->height % v.depth != 0)
            throw Error(id_ + ": 3-D Image '" + a.name +
                            "' needs its planes one below the other (height a multiple of the depth)",
                        "pass volume_arg(planes, depth)");
          d.depth = v.depth, d.height = v.image->height / v.depth;
        }
        d.image_memory = !a.image_define.empty() && switched_on(space_, config_, a.image_define);
        const std::size_t bytes = v.image->size() * type_bytes(d.type);
        ocl::check_allocation(dev, bytes, id_ + " Image " + a.name);
        const bool input = a.access == "read";
        const auto host = input ? to_bytes(v.image->px, d.type) : std::vector<unsigned char>();
        const cl_mem_flags flags = (input ? CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR : CL_MEM_READ_WRITE);
        void* ptr = input ? const_cast<unsigned char*>(host.data()) : nullptr;
        if (d.image_memory) {
          ocl::check_image2d(dev, static_cast<std::size_t>(d.width), static_cast<std::size_t>(d.height),
                             id_ + " Image " + a.name);
          d.image = cl::Image2D(rt_.context, flags, format_of(a.type), static_cast<std::size_t>(d.width),
                                static_cast<std::size_t>(d.height), 0, ptr);
          kernel_.setArg(index++, d.image);
        } else {
          d.buffer = cl::Buffer(rt_.context, flags, bytes, ptr);
          kernel_.setArg(index++, d.buffer);
        }
        kernel_.setArg(index++, static_cast<cl_int>(d.width));
        kernel_.setArg(index++, static_cast<cl_int>(d.height));
        if (a.dims == 3) kernel_.setArg(index++, static_cast<cl_int>(d.depth));
        images_[a.name] = d;
      } else if (a.kind == "array") {
        if (v.array.empty()) throw Error(id_ + ": array '" + a.name + "' is empty", "pass its values");
        if (a.bound > 0 && static_cast<long>(v.array.size()) > a.bound)
          throw Error(id_ + ": array '" + a.name + "' has " + std::to_string(v.array.size()) +
                          " values but the kernel declares at most " + std::to_string(a.bound),
                      "pass at most the bound given by #pragma imagecl bound");
        auto host = to_bytes(v.array, a.type);
        // Known weights: a configuration with literal_<name> on computes with the pragma's values
        // whatever is passed, so any other values are refused (on or off: one function per kernel).
        if (!a.weights.empty() && host != to_bytes(a.weights, a.type)) {
          std::string want;
          for (std::size_t i = 0; i < a.weights.size(); ++i) want += (i ? ", " : "") + format_number(a.weights[i]);
          throw Error(
              id_ + ": array '" + a.name + "' must hold the values of its #pragma imagecl weights (" + want + ")",
              "pass exactly those " + std::to_string(a.weights.size()) + " values, or drop the pragma to pass others");
        }
        arrays_.emplace_back(rt_.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size(), host.data());
        kernel_.setArg(index++, arrays_.back());
      } else {
        // A bool is an int argument holding exactly 0 or 1 (as the promoted bool of the source).
        const double value = a.type == "bool" ? (v.scalar != 0.0 ? 1.0 : 0.0) : v.scalar;
        const auto bytes = to_bytes(std::vector<double>{value}, a.type);
        kernel_.setArg(index++, bytes.size(), bytes.data());
      }
    }
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "binding the arguments of " + id_);
  }
  if (!space_.grid_image.empty()) {
    const auto& g = images_.at(space_.grid_image);
    grid_w_ = g.width, grid_h_ = g.height, grid_d_ = g.depth;
  } else {
    grid_w_ = static_cast<int>(space_.grid_width), grid_h_ = static_cast<int>(space_.grid_height);
    grid_d_ = static_cast<int>(space_.grid_depth);
  }
}

void Launcher::release() {
  images_.clear();
  arrays_.clear();
  grid_w_ = grid_h_ = 0;
}

cl::NDRange Launcher::global() const {
  // ceil(grid / (work-group * coarsening)) work-groups per dimension: every logical thread has a
  // work-item, and the global size is a multiple of the work-group (no non-uniform groups).
  const auto groups = [](long n, long wg, long c) { return static_cast<std::size_t>((n + wg * c - 1) / (wg * c)); };
  const std::size_t x = groups(grid_w_, wg_x_, cx_) * static_cast<std::size_t>(wg_x_);
  const std::size_t y = groups(grid_h_, wg_y_, cy_) * static_cast<std::size_t>(wg_y_);
  if (space_.grid_dims == 3) return cl::NDRange(x, y, groups(grid_d_, wg_z_, cz_) * static_cast<std::size_t>(wg_z_));
  return cl::NDRange(x, y);
}

cl::NDRange Launcher::local() const {
  if (space_.grid_dims == 3)
    return cl::NDRange(static_cast<std::size_t>(wg_x_), static_cast<std::size_t>(wg_y_),
                       static_cast<std::size_t>(wg_z_));
  return cl::NDRange(static_cast<std::size_t>(wg_x_), static_cast<std::size_t>(wg_y_));
}

cl::Event Launcher::enqueue() {
  if (grid_w_ == 0) throw Error(id_ + ": enqueue() before bind()", "bind the arguments first");
  cl::Event e;
  try {
    rt_.queue.enqueueNDRangeKernel(kernel_, cl::NullRange, global(), local(), nullptr, &e);
  } catch (const cl::Error& err) {
    ocl::rethrow(err, "launching " + id_);
  }
  return e;
}

ref::Image Launcher::download(const std::string& image) {
  const auto it = images_.find(image);
  if (it == images_.end()) throw Error(id_ + ": no bound Image '" + image + "'");
  const auto& d = it->second;
  std::vector<unsigned char> host(static_cast<std::size_t>(d.width) * static_cast<std::size_t>(d.height) *
                                  static_cast<std::size_t>(d.depth) * static_cast<std::size_t>(d.lanes) *
                                  type_bytes(d.type));
  try {
    if (d.image_memory)
      rt_.queue.enqueueReadImage(d.image, CL_TRUE, {0, 0, 0},
                                 {static_cast<std::size_t>(d.width), static_cast<std::size_t>(d.height), 1}, 0, 0,
                                 host.data());
    else
      rt_.queue.enqueueReadBuffer(d.buffer, CL_TRUE, 0, host.size(), host.data());
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "reading Image " + image + " of " + id_);
  }
  ref::Image out(d.width * d.lanes, d.height * d.depth);  // 3-D: the planes one below the other
  from_bytes(host, d.type, out.px);
  return out;
}

}  // namespace filterlab::imagecl
