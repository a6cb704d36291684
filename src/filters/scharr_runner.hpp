#pragma once
// A variant compiled for one device and border mode, ready to filter every level of a LevelStore.
#include <string>
#include <vector>

#include "filters/level_store.hpp"
#include "filters/variant.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {

class ScharrRunner {
 public:
  ScharrRunner(ocl::Runtime& rt, const Variant& variant, ref::Border border, float border_value = 0.0f);

  // Enqueues the d/dx or d/dy filter on every level of `in`, writing the same level of `out`
  // (same storage and shapes). Returns one profiling event per launch.
  std::vector<cl::Event> enqueue(const LevelStore& in, LevelStore& out, ref::Axis axis);

  const Variant& variant() const { return variant_; }
  const ocl::ProgramSource& source() const { return source_; }
  const std::string& options() const { return options_; }

 private:
  ocl::Runtime& rt_;
  Variant variant_;
  float border_value_;
  ocl::ProgramSource source_;
  std::string options_;
  cl::Kernel kernel_;
  cl::Buffer filter_x_, filter_y_;
};

// Convenience for `filter`, the tests and `verify`: one image in, one filtered image out.
ref::Image apply_scharr(ocl::Runtime& rt, const Variant& variant, const ref::Image& input, ref::Axis axis,
                        ref::Border border, float border_value = 0.0f);
// Several images at once (they share one buffer in buffer storage, which tests the offsets).
std::vector<ref::Image> apply_scharr(ocl::Runtime& rt, const Variant& variant, const std::vector<ref::Image>& inputs,
                                     ref::Axis axis, ref::Border border, float border_value = 0.0f);

}  // namespace filterlab
