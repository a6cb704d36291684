#pragma once
// Halide's OpenCL runtime normally picks a device itself (environment HL_OCL_PLATFORM_NAME and
// HL_OCL_DEVICE_TYPE: a platform name substring and "cpu"/"gpu", then the first such device). We
// override its context hook (halide_acquire_cl_context, a weak symbol of the runtime) so that the
// compiled pipelines use exactly FilterLab's context and queue: the same device as every other row.
#include <string>

#include "ocl/runtime.hpp"

namespace filterlab::peers {

// From now on Halide's OpenCL pipelines run on rt's context and queue (rt must outlive them).
void use_for_halide_opencl(ocl::Runtime& rt);
// Frees Halide's compiled OpenCL programs and forgets rt: call before rt is destroyed (Halide's
// own clean-up at exit would otherwise use a released context). Halide's OpenCL runtime is only
// released when a pipeline used it (note_halide_opencl_use): before its first use it has loaded
// no OpenCL entry points, and releasing it then calls a null function.
void release_halide_opencl();
// Called before an OpenCL pipeline's first use (a peer preparing OpenCL buffers).
void note_halide_opencl_use();
bool halide_opencl_context_set();
// Halide's CUDA pipelines use Halide's own CUDA context (device 0): noted at a pipeline's first
// use, released (programs and context) by release_halide_cuda().
void note_halide_cuda_use();
void release_halide_cuda();
// Halide reports errors through a handler that by default aborts the process: ours records the
// message, which take_halide_error() returns (and clears) after a pipeline returned non-zero.
void install_halide_error_handler();
std::string take_halide_error();

}  // namespace filterlab::peers
