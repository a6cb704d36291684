#pragma once
// Adapter: an ImageCL benchmark kernel's search space (src/imagecl/space.hpp) as a tuner Space.
// The full space has one tuner parameter per ImageCL parameter; a sub-space (imagecl_subspace.hpp)
// ties or fixes some of them. evaluate() builds the configuration (program cache), runs the
// kernel's benchmark pipeline with it (the other kernel at a fixed baseline configuration) on the
// check image and compares with the oracle, then times the kernel alone: warm-up, repetitions,
// profiling events, median.
#include <memory>
#include <string>
#include <vector>

#include "imagecl/check.hpp"
#include "imagecl/space.hpp"
#include "ocl/runtime.hpp"
#include "tuner/imagecl_subspace.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

struct TimingSetup {
  int side = 0;  // the timed square image's side
  int warmup = 2;
  int repetitions = 10;
  // The side of the image every configuration is checked on; 0: the timed image. An odd side
  // leaves partial work-groups and coarsening blocks at both edges.
  int check_side = 0;
  // Appended to every configuration's -D switches (Launcher) to measure a compiler flag; part of
  // setup(), so its caches are its own. (NVIDIA's driver 580 accepts -cl-nv-maxrregcount=N and
  // ignores it: ptxas reports the same registers.)
  std::string extra_build_options = "";
};
// The check image: the timed one when it is at most 1031 pixels wide, else 1031 x 1031 (the
// oracle and the comparison of a full 8192^2 image would dominate the GPU's evaluation time).
int check_side_for(int side);

// The paper's side (4096, 8192, 5120) on GPUs; divided by `cpu_divisor` on CPU devices.
int imagecl_side(const std::string& kernel, const ocl::DeviceInfo& dev, int cpu_divisor);

class ImageclSpace : public Space {
 public:
  // `rt` may be null: the space then only enumerates (no evaluate), e.g. for tests of constraints.
  ImageclSpace(ocl::Runtime* rt, const ocl::DeviceInfo& dev, const std::string& kernel, const SubSpace* sub,
               const TimingSetup& timing);
  std::string name() const override { return name_; }
  const std::vector<Param>& params() const override { return params_; }
  std::string violation(const Point& p) const override;
  std::string id(const Point& p) const override;
  Measurement evaluate(const Point& p) override;
  void prepare(const std::vector<Point>& points) override;
  std::string setup() const override;

  imagecl::Config config(const Point& p) const;
  const imagecl::KernelSpace& kernel_space() const { return ks_; }

 private:
  ocl::Runtime* rt_;
  ocl::DeviceInfo dev_;
  const imagecl::KernelSpace& ks_;
  std::string name_;
  std::vector<Param> params_;
  std::vector<std::vector<std::size_t>> targets_;  // per tuner parameter: the ImageCL parameters it sets
  imagecl::Config fixed_;
  TimingSetup timing_;
  const imagecl::Benchmark* bench_ = nullptr;
  std::unique_ptr<ref::Image> input_, check_input_, oracle_;
};

// The partner kernel's configuration while a kernel of a two-kernel benchmark is checked: 32x4
// work-groups, no coarsening, every switch off, no unrolling.
imagecl::Config baseline_config(const imagecl::KernelSpace& s);

}  // namespace filterlab::tuner
