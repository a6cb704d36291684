#pragma once
// Runs one epsilon step (epsilon_variant.hpp) on a device: the input image in the step's
// format (CL_R/CL_UNORM_INT8, or four pixels per CL_RGBA/CL_UNSIGNED_INT8 texel with the
// replicate padding the kernel expects), the output as a buffer of width * height bytes.
#include <cstdint>
#include <string>

#include "families/epsilon/epsilon_variant.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/epsilon.hpp"

namespace filterlab {

// The input as one step reads it, and the output buffer, for one image size.
struct EpsilonImages {
  int width = 0, height = 0;
  cl::Image2D input;
  cl::Buffer output;
};

// The packed layout of the integer steps: texel t of a row holds image pixels
// clamp(4t - 4 + i, 0, width - 1), i = 0..3, for t < packed_texels(width).
std::size_t epsilon_packed_texels(int width);
std::vector<std::uint8_t> epsilon_pack(const ref::Plane8& img);

class EpsilonRunner {
 public:
  EpsilonRunner(ocl::Runtime& rt, const EpsilonVariant& variant);

  EpsilonImages upload(const ref::Plane8& img) const;
  // Enqueues one filtering of `images` with threshold T (0..255); returns its event.
  cl::Event enqueue(const EpsilonImages& images, int threshold);
  ref::Plane8 download(const EpsilonImages& images) const;
  // Fills the output with `value`, or writes `poison` into it: verification poisons it so that
  // any pixel the kernel leaves unwritten shows.
  void fill_output(const EpsilonImages& images, std::uint8_t value) const;
  void write_output(const EpsilonImages& images, const ref::Plane8& poison) const;

  const EpsilonVariant& variant() const { return variant_; }
  const ocl::ProgramSource& source() const { return source_; }
  const std::string& options() const { return options_; }
  cl::NDRange global(int width, int height) const;

 private:
  ocl::Runtime& rt_;
  EpsilonVariant variant_;
  ocl::ProgramSource source_;
  std::string options_;
  cl::Kernel kernel_;
};

// Uploads, fills the output with `poison`, runs once and downloads.
ref::Plane8 apply_epsilon(ocl::Runtime& rt, const EpsilonVariant& v, const ref::Plane8& img, int threshold,
                          std::uint8_t poison = 0xA5);

}  // namespace filterlab
