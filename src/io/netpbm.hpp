#pragma once
// Binary PGM (P5, 8/16-bit) and grey PFM (Pf) files: formats every image tool reads, needing no
// library, so the relocatable GPU bundle can load its input without OpenCV's codec stack.
#include <string>

#include "reference/image.hpp"

namespace filterlab::io {

// The largest image any reader accepts: 2^28 pixels (16384x16384, 1 GiB as float), and at most
// 2^20 pixels per side. A header declaring more, or more raster bytes than the file holds, is
// refused before anything is allocated.
constexpr long long kMaxImagePixels = 1LL << 28;
constexpr int kMaxImageSide = 1 << 20;

// Throws filterlab::Error when `path` is a directory or otherwise not a regular file.
void require_regular_file(const std::string& path);

// PGM samples are scaled to [0, 1] by dividing by maxval (the study's CV_32F / 255); PFM is read as is.
// Throws filterlab::Error naming the file and the problem (missing, a directory, empty, bad header,
// a declared size above the limit or larger than the file, truncated).
ref::Image read_netpbm(const std::string& path);
// Writes little-endian grey PFM (rows bottom to top, as the format requires).
void write_pfm(const std::string& path, const ref::Image& image);

}  // namespace filterlab::io
