#pragma once
// Halide 21 as a peer: pipelines compiled ahead of time (src/peers/halide/*_generator.cpp), in our
// hand schedules (CPU: strips of 32 rows in parallel, vectorised; OpenCL: 32x8 GPU tiles on the
// device given to use_for_halide_opencl()) and in Halide's own autoschedulers, so that Halide is
// measured at its best. Halide has no profiling events: a sample is timed with the host's wall
// clock around the pipeline calls and halide_device_sync of every output (inputs are on the device
// before, outputs are not copied back).
#include <memory>
#include <string>
#include <vector>

#include "peers/peer.hpp"

namespace filterlab::peers {

// `schedule`: "hand" (peer halide_cpu / halide_opencl / halide_cuda) or an autoscheduler of
// halide_autoschedulers() (peer halide_cpu_<schedule> / halide_opencl_<schedule> / halide_cuda_<schedule>).
// Where a pipeline runs: the host CPU, FilterLab's OpenCL device, or (on an NVIDIA device) CUDA
// through Halide's own CUDA runtime (peer halide_cuda[_<schedule>]; same schedules as OpenCL).
enum class HalideBackend { Cpu, OpenCl, Cuda };
std::unique_ptr<Peer> make_halide(HalideBackend backend, const std::string& schedule = "hand");
std::unique_ptr<Peer> make_halide_cpu(const std::string& schedule = "hand");
std::unique_ptr<Peer> make_halide_opencl(const std::string& schedule = "hand");
std::unique_ptr<Peer> make_halide_cuda(const std::string& schedule = "hand");

// The autoschedulers compiled in (src/peers/CMakeLists.txt): on the CPU Mullapudi2016, Adams2019 and
// Li2018; on OpenCL and CUDA the three of Halide 21's four that write GPU schedules, Anderson2021,
// Li2018 and Mullapudi2016 (its experimental GPU mode).
const std::vector<std::string>& halide_autoschedulers(bool gpu);

}  // namespace filterlab::peers
