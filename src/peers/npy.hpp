#pragma once
// Writing images as NumPy .npy files (format 1.0, little-endian, C order), for the GPU host's Python peers.
#include <string>

#include "reference/image.hpp"

namespace filterlab::peers {

// float32 (u8 = false) or uint8 (u8 = true; the image must hold integers 0..255), shape (height, width).
void write_npy(const std::string& path, const ref::Image& img, bool u8);

}  // namespace filterlab::peers
