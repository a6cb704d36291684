#include "image.hpp"

#include <stdexcept>

namespace filterlab::ref {

Image::Image(int w, int h, float fill) : width(w), height(h) {
  if (w < 0 || h < 0) throw std::invalid_argument("Image: width and height must be >= 0");
  px.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), fill);
}

}  // namespace filterlab::ref
