#pragma once
// Halide 14 as a peer: pipelines compiled ahead of time (src/peers/halide/*_generator.cpp), one
// schedule for the CPU (strips of 32 rows in parallel, vectorised) and one for OpenCL (32x8 GPU
// tiles) on the device given to use_for_halide_opencl(). Halide has no profiling events: a sample
// is timed with the host's wall clock around the pipeline calls and halide_device_sync of every
// output (inputs are on the device before, outputs are not copied back).
#include <memory>

#include "peers/peer.hpp"

namespace filterlab::peers {

std::unique_ptr<Peer> make_halide_cpu();
std::unique_ptr<Peer> make_halide_opencl();

}  // namespace filterlab::peers
