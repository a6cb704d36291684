#pragma once
// Generates the OpenCL code of the "predefined" Scharr kernels: the filter coefficients written
// into the code as literals, zero taps left out, for d/dx, d/dy and both at once (each position
// loaded once). kernels/scharr/gradient.cl expands these macros with -DFL_PREDEFINED=1.
#include <string>

namespace filterlab {

// Macros FL_PREDEFINED_X(LOAD, S), FL_PREDEFINED_Y(LOAD, S) and FL_PREDEFINED_XY(LOAD, SX, SY),
// where LOAD(dx, dy) yields the pixel at that offset and S, SX, SY are accumulators. Built from
// the oracle's coefficients (reference/scharr.hpp), so kernel and oracle cannot drift apart.
// Throws std::invalid_argument for sizes other than 3, 5, 7, 9.
std::string predefined_scharr_source(int ksize);

// FL_PREDEFINED_XY_ROWS(LOAD, SX, SY): both derivatives of `rows` pixels stacked vertically (rows
// 0..rows-1 below the work-item's first pixel), every position loaded once for all of them; SX and
// SY are arrays of `rows` accumulators. Our extension: vertical reuse cuts loads per pixel.
std::string predefined_scharr_strip_source(int ksize, int rows);

// Non-zero taps the generated d/dx (or d/dy) code loads: 6 for every size.
int predefined_scharr_taps(int ksize);

}  // namespace filterlab
