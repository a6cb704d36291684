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

// Throws filterlab::Error naming `path` when w x h exceeds kMaxImagePixels or a side kMaxImageSide;
// every reader calls it with the header's size before it allocates anything.
void check_declared_pixels(const std::string& path, long long w, long long h);

// How PGM samples come back: scaled to [0, 1] by dividing by maxval (the study's CV_32F / 255), or
// as stored (0..maxval, what an ImageCL Image<uchar> or Image<ushort> receives). PFM is read as is.
enum class Samples { scaled, stored };

// Throws filterlab::Error naming the file and the problem (missing, a directory, empty, bad header,
// a declared size above the limit or larger than the file, truncated, a sample above maxval, a PFM
// scale that is not a finite non-zero number, a non-finite PFM sample).
ref::Image read_netpbm(const std::string& path, Samples samples = Samples::scaled);
// Writes little-endian grey PFM (rows bottom to top, as the format requires).
void write_pfm(const std::string& path, const ref::Image& image);

}  // namespace filterlab::io
