#pragma once
// Generates the OpenCL code of the "predefined" gradient kernels: a variant's filter coefficients
// written into the code as literals, zero taps left out, for d/dx, d/dy and both at once (each
// position loaded once). kernels/scharr/gradient.cl expands these macros with -DFL_PREDEFINED=1.
#include <string>

#include "reference/correlate.hpp"

namespace filterlab {

// Macros FL_PREDEFINED_X(LOAD, S), FL_PREDEFINED_Y(LOAD, S) and FL_PREDEFINED_XY(LOAD, SX, SY),
// where LOAD(dx, dy) yields the pixel at that offset and S, SX, SY are accumulators. `kx` and
// `ky` are the d/dx and d/dy kernels of the coefficient set `set` ("scharr"), as the oracle uses
// them (GradientVariant::kernel), so kernel and oracle cannot drift apart. Throws std::invalid_argument
// for a weight without an exact short float literal.
std::string predefined_source(const std::string& set, const ref::Kernel2D& kx, const ref::Kernel2D& ky);

// FL_PREDEFINED_XY_ROWS(LOAD, SX, SY): both derivatives of `rows` pixels stacked vertically (rows
// 0..rows-1 below the work-item's first pixel), every position loaded once for all of them; SX and
// SY are arrays of `rows` accumulators. Our extension: vertical reuse cuts loads per pixel.
std::string predefined_strip_source(const std::string& set, const ref::Kernel2D& kx, const ref::Kernel2D& ky, int rows);

// Non-zero taps the generated code loads for one derivative's kernel (6 for every Scharr size).
int predefined_taps(const ref::Kernel2D& k);

}  // namespace filterlab
