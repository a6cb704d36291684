#pragma once
// A user kernel's search space (`filterlab imagecl tune`) as a tuner Space: every parameter the
// compiler emitted, the device's constraints, and evaluate(), which builds the configuration,
// runs it once on the user's inputs, judges every output against the CPU reference's (integer
// pixels exact, float ones within the stated tolerance: imagecl/user_check.hpp), then times the
// kernel alone (warm-up, repetitions, profiling events, median). Each evaluation prints one line
// of progress on stderr.
#include <map>
#include <string>

#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

struct UserTiming {
  int warmup = 2;
  int repetitions = 10;
  double float_tolerance = -1;  // < 0: imagecl::kFloatTolerance
};

class UserKernelSpace : public Space {
 public:
  // `inputs` names what the arguments are for setup() (the cache refuses rows of other inputs).
  UserKernelSpace(ocl::Runtime& rt, const imagecl::KernelSpace& ks, const std::string& source_sha256,
                  imagecl::Args args, std::map<std::string, ref::Image> reference, const std::string& inputs,
                  const UserTiming& timing, std::map<std::string, ref::Image> spread = {});  // CpuReference::spread
  std::string name() const override { return name_; }
  const std::vector<Param>& params() const override { return params_; }
  std::string violation(const Point& p) const override;
  std::string id(const Point& p) const override;
  Measurement evaluate(const Point& p) override;
  void prepare(const std::vector<Point>& points) override;
  std::string setup() const override { return setup_; }

 private:
  ocl::Runtime& rt_;
  const imagecl::KernelSpace& ks_;
  imagecl::Args args_;
  std::map<std::string, ref::Image> reference_, spread_;
  UserTiming timing_;
  std::string name_, setup_;
  std::vector<Param> params_;
  std::size_t evaluated_ = 0;
};

}  // namespace filterlab::tuner
