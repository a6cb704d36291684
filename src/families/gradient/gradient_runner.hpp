#pragma once
// A variant compiled for one device and border mode, ready to filter every level of a LevelStore.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "families/gradient/gradient_variant.hpp"
#include "families/gradient/level_store.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {

class GradientRunner {
 public:
  GradientRunner(ocl::Runtime& rt, const GradientVariant& variant, ref::Border border, float border_value = 0.0f);

  // Both derivatives of every level of `in` into the same level of out_x (d/dx) and out_y (d/dy),
  // all of the same storage and shapes. Returns the profiling events launch by launch, level 0's
  // first: launch_count(in, level_count) of them.
  // `level_count` limits the work to the first levels (level 0 alone: 1).
  std::vector<cl::Event> enqueue_both(const LevelStore& in, LevelStore& out_x, LevelStore& out_y,
                                      std::size_t level_count = static_cast<std::size_t>(-1));
  // One derivative; not for "double" variants, which always compute both (throws).
  std::vector<cl::Event> enqueue(const LevelStore& in, LevelStore& out, ref::Axis axis);

  // Launches enqueue_both makes over the first `level_count` levels of `in`.
  std::size_t launch_count(const LevelStore& in, std::size_t level_count = static_cast<std::size_t>(-1)) const;
  // Whether enqueue_both's first launches cover level 0 alone (launch_count(in, 1) of them), so
  // that level 0 can be timed within the whole; otherwise it needs an enqueue of its own.
  bool level0_launched_alone(const LevelStore& in) const;

  // What the runtime reports for the (first) kernel: CL_KERNEL_WORK_GROUP_SIZE and
  // CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE (the only hints of a default local size's choice).
  std::pair<std::size_t, std::size_t> work_group_info() const;

  const GradientVariant& variant() const { return variant_; }
  const ocl::ProgramSource& source() const { return source_; }
  const std::string& options() const { return options_; }

 private:
  struct Launch;
  // `level_count`: the levels this enqueue covers (the level table holds them all).
  void launch(const Launch& l, const LevelStore& in, LevelStore& out, LevelStore* out2, const LevelRun& unit,
              std::vector<cl::Event>& events, std::size_t level_count);
  void enqueue_level(const LevelStore& in, LevelStore& out, ref::Axis axis, const LevelRun& unit,
                     std::vector<cl::Event>& events, std::size_t level_count);
  // What each launch covers among the first `count` levels: one level (images, buffer), a run of
  // equal-sized levels (image buffers, cubes), or all of them (one-launch variants).
  std::vector<LevelRun> launch_units(const LevelStore& in, std::size_t count) const;
  LevelStore& temporary(const LevelStore& like);
  // The gradient kernel's level table for the first `count` levels (offset, width, height, first
  // tile of each level), uploaded once per set of shapes; sets launch_groups_.
  const cl::Buffer& level_table(const LevelStore& in, std::size_t count);

  ocl::Runtime& rt_;
  GradientVariant variant_;
  float border_value_;
  ocl::ProgramSource source_;
  std::string options_;
  std::vector<std::pair<std::string, cl::Kernel>> kernels_;  // role -> kernel
  cl::Buffer filter_x_, filter_y_;                           // KxK, or the 1-D passes below
  cl::Buffer pass_h_x_, pass_v_x_, pass_h_y_, pass_v_y_;
  float pass_v_border_x_ = 0.0f, pass_v_border_y_ = 0.0f;  // constant border for the second pass
  std::unique_ptr<LevelStore> tmp_;                        // separable: the intermediate levels
  std::vector<LevelShape> table_shapes_;                   // what level_table_ describes
  cl::Buffer level_table_;
  std::size_t launch_groups_ = 0;  // work-groups of a one-launch variant's launch: one per tile
};

// Convenience for `filter`, the tests and `verify`: images in, filtered images out.
std::vector<ref::Image> apply_derivative(ocl::Runtime& rt, const GradientVariant& variant,
                                         const std::vector<ref::Image>& inputs, ref::Axis axis, ref::Border border,
                                         float border_value = 0.0f);
ref::Image apply_derivative(ocl::Runtime& rt, const GradientVariant& variant, const ref::Image& input, ref::Axis axis,
                            ref::Border border, float border_value = 0.0f);
// Both derivatives at once: {d/dx images, d/dy images}. Several images share one buffer in buffer
// storage, which tests the level offsets.
std::pair<std::vector<ref::Image>, std::vector<ref::Image>> apply_gradient(ocl::Runtime& rt,
                                                                           const GradientVariant& variant,
                                                                           const std::vector<ref::Image>& inputs,
                                                                           ref::Border border,
                                                                           float border_value = 0.0f);

}  // namespace filterlab
