#pragma once
// Experiment "pyramid_storage" (Study 2): the Scharr single filter, with and without local memory,
// over the 16-level pyramid on the four storage types (buffer, image buffer, images, cubes):
// the runtime's default local size against 16x16 (the article's Figure 3), local memory at 16x16
// (its Figure 4), and a local-size sweep at 5x5; kernel and wall time per sample.
#include <string>

#include "experiments/common.hpp"
#include "ocl/device.hpp"
#include "reference/border.hpp"

namespace filterlab {

struct PyramidStorageConfig : PyramidRunConfig {
  ref::Border border = ref::Border::Reflect101;  // the study's BORDER_DEFAULT
};

// Runs, verifies every configuration against the oracle before timing, writes the raw result file
// (unsupported storage x configuration pairs listed with the device limit that forbids them) and
// prints a summary; returns the file's path.
std::string run_pyramid_storage(const ocl::Device& device, const PyramidStorageConfig& config);

}  // namespace filterlab
