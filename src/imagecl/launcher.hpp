#pragma once
// Runs any configuration of any embedded ImageCL kernel on any device: checks the device's limits
// first (filterlab::Unsupported), builds the generated source with the configuration's -D
// switches, uploads Images into buffers or image memory as the configuration says, sizes the
// launch from the grid and returns the profiling event of each launch.
#include <map>
#include <string>
#include <vector>

#include "imagecl/space.hpp"
#include "ocl/cl.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab::imagecl {

// What the host passes for one kernel argument.
struct Arg {
  const ref::Image* image = nullptr;  // Images: the input pixels, or for an output only its size
  std::vector<double> array;          // arrays (converted to the element type)
  double scalar = 0.0;                // scalars (converted to the parameter type)
  int depth = 1;                      // 3-D Images: `image` holds `depth` planes one below the other
};
using Args = std::map<std::string, Arg>;
inline Arg image_arg(const ref::Image& img) { return Arg{&img, {}, 0.0, 1}; }
inline Arg volume_arg(const ref::Image& planes, int depth) { return Arg{&planes, {}, 0.0, depth}; }
inline Arg array_arg(std::vector<double> values) { return Arg{nullptr, std::move(values), 0.0, 1}; }
inline Arg scalar_arg(double v) { return Arg{nullptr, {}, v, 1}; }

class Launcher {
 public:
  // `extra_options` are appended to the configuration's -D switches (a compiler flag under
  // measurement, e.g. -cl-mad-enable); options() reports them with the switches.
  Launcher(ocl::Runtime& rt, const KernelSpace& space, const Config& config, const std::string& extra_options = "");

  // Uploads the inputs, allocates the outputs and sets every kernel argument. Pixel values must be
  // representable in the Image's pixel type (integers 0..255 for uchar, ...).
  void bind(const Args& args);
  cl::Event enqueue();  // one launch over the whole grid
  ref::Image download(const std::string& image);
  void release();  // frees the device memory bind() took (bind again before the next launch)

  const std::string& id() const { return id_; }
  const std::string& options() const { return options_; }
  const ocl::ProgramSource& source() const { return source_; }
  const cl::Kernel& kernel() const { return kernel_; }
  cl::NDRange global() const;
  cl::NDRange local() const;

 private:
  struct DeviceImage {
    bool image_memory = false;
    cl::Buffer buffer;
    cl::Image2D image;
    int width = 0, height = 0, depth = 1;  // height: of one plane
    std::string type;                      // of one lane
    int lanes = 1;                         // a vector pixel's
  };
  ocl::Runtime& rt_;
  const KernelSpace& space_;
  Config config_;
  std::string id_, options_;
  ocl::ProgramSource source_;
  cl::Kernel kernel_;
  long wg_x_ = 1, wg_y_ = 1, wg_z_ = 1, cx_ = 1, cy_ = 1, cz_ = 1;
  int grid_w_ = 0, grid_h_ = 0, grid_d_ = 1;
  std::map<std::string, DeviceImage> images_;
  std::vector<cl::Buffer> arrays_;
};

}  // namespace filterlab::imagecl
