#pragma once
// The image pyramid exactly as the storage study built it: no blur; 4 octaves x 4 levels; inside an
// octave every level is a copy of the previous one; the first level of each new octave is the 2x2 box
// average (sum * 0.25) of the last level of the previous octave, of size floor(w/2) x floor(h/2).
#include <cstddef>
#include <vector>

#include "image.hpp"

namespace filterlab::ref {

struct PyramidShape {
  int octaves = 4;
  int levels_per_octave = 4;
};

struct LevelGeometry {
  int octave;
  int level;  // 0 .. octaves*levels_per_octave-1
  int width;
  int height;
  std::size_t offset;  // pixels of all previous levels (the storage study's lookup table)
};

// Geometry of every level for a base of the given size. Throws std::invalid_argument if a level
// would be empty (the base is too small for the number of octaves).
std::vector<LevelGeometry> pyramid_geometry(int base_width, int base_height, PyramidShape shape = {});
std::size_t pyramid_pixels(int base_width, int base_height, PyramidShape shape = {});

// Box average in double, rounded once to float.
Image downsample_box2x2(const Image& src);
std::vector<Image> build_pyramid(const Image& base, PyramidShape shape = {});

}  // namespace filterlab::ref
