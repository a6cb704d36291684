#pragma once
// Reading any image the user has and writing float results.
#include <string>

#include "reference/image.hpp"

namespace filterlab::io {

// .pgm/.pfm are read directly; other formats (PNG, JPEG, TIFF, ...) through OpenCV when this build
// has it, converted to grey and scaled to [0, 1] for integer types.
ref::Image read_image(const std::string& path);
// .pfm always; .tif/.tiff (32-bit float) when this build has OpenCV.
void write_image(const std::string& path, const ref::Image& image);

}  // namespace filterlab::io
