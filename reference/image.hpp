#pragma once
// A single-channel float image in row-major order: the oracle's only image type.
#include <cstddef>
#include <vector>

namespace filterlab::ref {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<float> px;  // width * height values, row y starts at y * width

  Image() = default;
  Image(int w, int h, float fill = 0.0f);

  float at(int x, int y) const { return px[static_cast<std::size_t>(y) * width + x]; }
  float& at(int x, int y) { return px[static_cast<std::size_t>(y) * width + x]; }
  std::size_t size() const { return px.size(); }
  bool empty() const { return px.empty(); }
};

}  // namespace filterlab::ref
