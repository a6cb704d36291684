#pragma once
// Reading any image the user has and writing float results.
#include <string>

#include "io/netpbm.hpp"
#include "reference/image.hpp"

namespace filterlab::io {

// The one image reader of every command. Netpbm files (.pgm/.pfm, or a file starting with a Netpbm
// magic) are read by read_netpbm; other formats (PNG, JPEG, TIFF, ...) through OpenCV when this build
// has it, converted to grey, after check_before_decoding (image_codecs.hpp) has checked the declared
// size against kMaxImagePixels and that the codec decodes the file without error. `samples`:
// scaled to [0, 1] (8-bit / 255, 16-bit / 65535, PGM / maxval) or as stored; float is read as is.
// Throws filterlab::Error naming the file and saying what to do, never returns a partly decoded image.
ref::Image read_image(const std::string& path, Samples samples = Samples::scaled);
// A colour image as RGBA, 4 values a pixel interleaved (width 4 * the image's), values as stored:
// grey gives r = g = b, a file without alpha an opaque alpha (255, 65535, or 1 for float).
// Needs OpenCV; Netpbm files are refused (ours hold grey only).
ref::Image read_image_rgba(const std::string& path);
// .pfm always; .tif/.tiff (32-bit float) when this build has OpenCV.
void write_image(const std::string& path, const ref::Image& image);

}  // namespace filterlab::io
