#pragma once
// Binary PGM (P5, 8/16-bit) and grey PFM (Pf) files: formats every image tool reads, needing no
// library, so the relocatable GPU bundle can load its input without OpenCV's codec stack.
#include <string>

#include "reference/image.hpp"

namespace filterlab::io {

// PGM samples are scaled to [0, 1] by dividing by maxval (the study's CV_32F / 255); PFM is read as is.
// Throws filterlab::Error naming the file and the problem (missing, empty, bad header, truncated).
ref::Image read_netpbm(const std::string& path);
// Writes little-endian grey PFM (rows bottom to top, as the format requires).
void write_pfm(const std::string& path, const ref::Image& image);

}  // namespace filterlab::io
