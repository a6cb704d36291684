#include "epsilon.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace filterlab::ref {

Plane8::Plane8(int w, int h, std::uint8_t fill)
    : width(w), height(h), px(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), fill) {}

EpsilonSum epsilon_sum(const Plane8& img, int x, int y, int threshold) {
  const int c = img.at(x, y);
  EpsilonSum s;
  for (int dy = -kEpsilonRadius; dy <= kEpsilonRadius; ++dy) {
    const int yy = std::clamp(y + dy, 0, img.height - 1);  // BORDER_REPLICATE
    for (int dx = -kEpsilonRadius; dx <= kEpsilonRadius; ++dx) {
      const int p = img.at(std::clamp(x + dx, 0, img.width - 1), yy);
      if (std::abs(p - c) <= threshold) {
        s.sum += p;
        ++s.count;
      }
    }
  }
  return s;
}

Plane8 epsilon_filter(const Plane8& img, int threshold) {
  if (threshold < 0 || threshold > 255) throw std::invalid_argument("epsilon threshold must be in 0..255");
  if (img.width <= 0 || img.height <= 0 || img.px.size() != static_cast<std::size_t>(img.width) * img.height)
    throw std::invalid_argument("epsilon_filter needs a non-empty image");
  Plane8 out(img.width, img.height);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      out.at(x, y) = static_cast<std::uint8_t>(epsilon_round(epsilon_sum(img, x, y, threshold)));
  return out;
}

}  // namespace filterlab::ref
