#pragma once
// The two hand schedules every FilterLab peer pipeline gets: CPU (rows of 32 in parallel, vectorised
// along x) and OpenCL (32x8 GPU tiles). `stage` funcs (intermediates) are computed per tile / strip.
// A library built with an autoscheduler (add_halide_library ... AUTOSCHEDULER, which sets the
// generator's autoscheduler) gets estimates instead and is scheduled by Halide (estimate_sizes).
#include <vector>

#include "Halide.h"

namespace filterlab::peers {

inline void schedule_pipeline(Halide::Func out, const std::vector<Halide::Func>& stages, bool gpu, int vector_width) {
  using namespace Halide;
  Var x = out.args()[0], y = out.args()[1];
  if (gpu) {
    Var xo("xo"), yo("yo"), xi("xi"), yi("yi");
    out.gpu_tile(x, y, xo, yo, xi, yi, 32, 8);
    for (Func s : stages) {
      Var sx = s.args()[0], sy = s.args()[1];
      s.compute_at(out, xo).gpu_threads(sx, sy);
    }
  } else {
    Var yo("yo"), yi("yi");
    out.split(y, yo, yi, 32).parallel(yo).vectorize(x, vector_width);
    for (Func s : stages) {
      Var sx = s.args()[0];
      s.compute_at(out, yo).vectorize(sx, vector_width);
    }
  }
}

// The autoschedulers' size estimates: the largest side of the peers' workloads (the Harris and
// 8-bit workloads run at 5120 and 8192 on GPUs, the others at 4096; CPU devices at a quarter).
constexpr int kEstimateSide = 4096;

// Gives `in` and `out` the estimates an autoscheduler plans with.
template <typename In, typename Out>
void estimate_sizes(In& in, Out& out) {
  in.set_estimates({{0, kEstimateSide}, {0, kEstimateSide}});
  out.set_estimates({{0, kEstimateSide}, {0, kEstimateSide}});
}

}  // namespace filterlab::peers
