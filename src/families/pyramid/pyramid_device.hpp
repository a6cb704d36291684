#pragma once
// The storage study's pyramid on the device, and its key-point use case.
#include <vector>

#include "families/gradient/level_store.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab {

// Builds the study's pyramid (reference/pyramid.hpp) in `store`, whose levels must have its shapes:
// level 0 is uploaded from `base`; every later level is made on the device, a copy of the previous
// level inside an octave (clEnqueueCopyBuffer/Image) or the 2x2 box average of the previous
// octave's last level (kernels/pyramid/pyramid.cl). Works for every storage type.
void build_pyramid_on_device(ocl::Runtime& rt, LevelStore& store, const ref::Image& base, int levels_per_octave = 4);

struct KeyPoint {
  int level = 0, x = 0, y = 0;
};
// The sum of each point's 3x3 neighbourhood (REFLECT_101 at the level's edges), all points in one
// launch whatever their levels: possible only for the buffer and the image buffer, which hold
// every level in one memory object; other storages raise Unsupported.
std::vector<float> keypoint_sums(ocl::Runtime& rt, const LevelStore& store, const std::vector<KeyPoint>& points);

}  // namespace filterlab
