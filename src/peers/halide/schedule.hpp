#pragma once
// The two schedules every FilterLab peer pipeline gets: CPU (rows of 32 in parallel, vectorised
// along x) and OpenCL (32x8 GPU tiles). `stage` funcs (intermediates) are computed per tile / strip.
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

}  // namespace filterlab::peers
