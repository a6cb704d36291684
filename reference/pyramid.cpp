// The storage study's pyramid: no blur, copies inside an octave, 2x2 box average between octaves.
#include "pyramid.hpp"

#include <stdexcept>
#include <string>

namespace filterlab::ref {

std::vector<LevelGeometry> pyramid_geometry(int base_width, int base_height, PyramidShape shape) {
  if (shape.octaves < 1 || shape.levels_per_octave < 1)
    throw std::invalid_argument("pyramid_geometry: octaves and levels_per_octave must be >= 1");
  std::vector<LevelGeometry> levels;
  std::size_t offset = 0;
  int w = base_width;
  int h = base_height;
  for (int o = 0; o < shape.octaves; ++o) {
    if (o > 0) {
      w /= 2;  // floor: an odd last column / row is dropped
      h /= 2;
    }
    if (w < 1 || h < 1)
      throw std::invalid_argument("pyramid_geometry: base " + std::to_string(base_width) + "x" +
                                  std::to_string(base_height) + " is too small for " + std::to_string(shape.octaves) +
                                  " octaves (octave " + std::to_string(o) + " would be empty)");
    for (int l = 0; l < shape.levels_per_octave; ++l) {
      levels.push_back({o, o * shape.levels_per_octave + l, w, h, offset});
      offset += static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    }
  }
  return levels;
}

std::size_t pyramid_pixels(int base_width, int base_height, PyramidShape shape) {
  const auto levels = pyramid_geometry(base_width, base_height, shape);
  const auto& last = levels.back();
  return last.offset + static_cast<std::size_t>(last.width) * static_cast<std::size_t>(last.height);
}

Image downsample_box2x2(const Image& src) {
  const int w = src.width / 2;
  const int h = src.height / 2;
  if (w < 1 || h < 1)
    throw std::invalid_argument("downsample_box2x2: source " + std::to_string(src.width) + "x" +
                                std::to_string(src.height) + " gives an empty image");
  Image out(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const double sum = static_cast<double>(src.at(2 * x, 2 * y)) + src.at(2 * x + 1, 2 * y) +
                         src.at(2 * x, 2 * y + 1) + src.at(2 * x + 1, 2 * y + 1);
      out.at(x, y) = static_cast<float>(0.25 * sum);
    }
  }
  return out;
}

std::vector<Image> build_pyramid(const Image& base, PyramidShape shape) {
  const auto geometry = pyramid_geometry(base.width, base.height, shape);  // throws before any work
  if (base.size() != static_cast<std::size_t>(base.width) * static_cast<std::size_t>(base.height))
    throw std::invalid_argument("build_pyramid: pixel count does not match width * height");
  std::vector<Image> levels;
  levels.reserve(geometry.size());
  for (const auto& g : geometry) {
    if (g.level == 0)
      levels.push_back(base);
    else if (g.level % shape.levels_per_octave == 0)
      levels.push_back(downsample_box2x2(levels.back()));
    else
      levels.push_back(levels.back());  // a copy, bit for bit
  }
  return levels;
}

}  // namespace filterlab::ref
