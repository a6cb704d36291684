#pragma once
// Judging a user kernel's configuration: its output Images on the device against the CPU
// reference's (allowed_difference() below). Float pixels must lie within
//   |device - reference| <= tol * max(1, |reference|) + 2 * spread
// tol = kFloatTolerance (1e-5) unless given: 84 ulp at the coarsest float spacing (2^-23
// relative), room for division's 2.5 ulp and other roundings to propagate through a few
// operations. `spread` is 0 unless the kernel calls a builtin that OpenCL lets a device compute
// inexactly (the space's inexact_builtins; sin 4 ulp, exp 3, pow 16, ...): it is then the largest
// change of that pixel over kPerturbedRuns reference runs in which every such builtin's result
// moves within its bound (CpuReference::spread): all up by the bound, all down, then four runs
// drawn per value: how far the errors the specification allows carry through this kernel,
// cancellation included. The factor 2 makes room for errors that line up in ways no run tried;
// a kernel whose errors can line up further needs --tolerance. The reference computes the
// builtins in double, rounded once. Integer pixels must match exactly, unless the kernel calls inexact builtins: a
// value near a rounding or truncation boundary may then land on either side of it, so
//   |device - reference| <= 1 + 2 * spread.
// Contraction is off on both sides (user_kernel.hpp), so no fused multiply-add separates them.
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
  double max_diff = 0.0;       // over every output Image (absolute)
  double tolerance = 0.0;      // the relative factor used for float outputs (0: exact)
  bool integer_steps = false;  // integer outputs allowed 1 + 2 * spread (inexact builtins)
  std::string where;           // the first pixel beyond the tolerance: "out (3, 4): device 1, reference 2"
};

// One launch of configuration `c` with `args`; every output Image downloaded.
std::map<std::string, ref::Image> run_on_device(ocl::Runtime& rt, const KernelSpace& s, const Config& c,
                                                const Args& args);

// The difference allowed between a device pixel and the reference's `want` (see above).
double allowed_difference(bool float_pixel, bool inexact_builtins, double want, double spread, double tol);

// `float_tolerance` < 0: kFloatTolerance. `spread`: CpuReference::spread (empty: none).
Judgement judge(const KernelSpace& s, const std::map<std::string, ref::Image>& device,
                const std::map<std::string, ref::Image>& reference, double float_tolerance = -1,
                const std::map<std::string, ref::Image>& spread = {});

}  // namespace filterlab::imagecl
