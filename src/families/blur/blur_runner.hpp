#pragma once
// Runs a blur variant (blur_variant.hpp) on a device: the input, the output and (for the separable
// design) the temporary row sums are float buffers of width * height pixels.
#include <vector>

#include "families/blur/blur_variant.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab {

struct BlurBuffers {
  int width = 0, height = 0;
  cl::Buffer input, temp, output;  // temp: the separable design's row sums (unset for blur.2d)
};

class BlurRunner {
 public:
  // Builds the variant for `border` (`border_value`: the value outside for the constant mode).
  // Throws filterlab::Unsupported where the work-group exceeds the device's or the kernel's limit.
  BlurRunner(ocl::Runtime& rt, const BlurVariant& variant, ref::Border border = ref::Border::Reflect101,
             float border_value = 0.0f);

  BlurBuffers upload(const ref::Image& img) const;
  // Enqueues one complete blur (one or two launches) and returns its events.
  std::vector<cl::Event> enqueue(const BlurBuffers& b);
  ref::Image download(const BlurBuffers& b) const;
  // Writes NaN into the output and the temporary, so that any pixel a kernel leaves unwritten shows.
  void poison(const BlurBuffers& b) const;

  const BlurVariant& variant() const { return variant_; }
  const ocl::ProgramSource& source() const { return source_; }
  const std::string& options() const { return options_; }

 private:
  ocl::Runtime& rt_;
  BlurVariant variant_;
  float border_value_;
  ocl::ProgramSource source_;
  std::string options_;
  std::vector<cl::Kernel> kernels_;  // blur_rows, blur_cols; or blur_2d
};

// Uploads, poisons, runs once and downloads.
ref::Image apply_blur(ocl::Runtime& rt, const BlurVariant& v, const ref::Image& img,
                      ref::Border border = ref::Border::Reflect101, float border_value = 0.0f);

}  // namespace filterlab
