#pragma once
// Judging a user kernel's configuration: its output Images on the device against the CPU
// reference's. Integer pixel types must match exactly; float ones within
//   |device - reference| <= tol * max(1, |reference|)    (tol = kFloatTolerance unless given)
// which covers the OpenCL builtins' permitted error (sqrt, exp, division: up to 3 ulp, i.e. about
// 4e-7 relative) with room for it to propagate through a few operations. Contraction is off on
// both sides (user_kernel.hpp), so no fused multiply-add separates them.
#include <map>
#include <string>

#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab::imagecl {

constexpr double kFloatTolerance = 1e-5;

struct Judgement {
  bool passed = true;
  double max_diff = 0.0;     // over every output Image (absolute)
  double tolerance = 0.0;    // the relative factor used for float outputs (0: exact)
  std::string where;         // the first pixel beyond the tolerance: "out (3, 4): device 1, reference 2"
};

// One launch of configuration `c` with `args`; every output Image downloaded.
std::map<std::string, ref::Image> run_on_device(ocl::Runtime& rt, const KernelSpace& s, const Config& c, const Args& args);

// `float_tolerance` < 0: kFloatTolerance.
Judgement judge(const KernelSpace& s, const std::map<std::string, ref::Image>& device,
                const std::map<std::string, ref::Image>& reference, double float_tolerance = -1);

}  // namespace filterlab::imagecl
