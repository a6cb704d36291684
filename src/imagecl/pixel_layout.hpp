#pragma once
// How the host holds an Image's pixels: a scalar type ("uchar") one value per pixel, a vector type
// of 2 or 4 lanes ("float4") its lanes interleaved, in a ref::Image `lanes` times as wide (RGBA
// for a colour image).
#include <cctype>
#include <string>

namespace filterlab::imagecl {

struct PixelLayout {
  std::string element;  // the OpenCL scalar type of one lane
  int lanes = 1;
};

inline PixelLayout pixel_layout(const std::string& type) {
  std::size_t digits = type.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(type[digits - 1]))) --digits;
  if (digits == type.size() || digits == 0) return {type, 1};
  return {type.substr(0, digits), std::stoi(type.substr(digits))};
}

}  // namespace filterlab::imagecl
