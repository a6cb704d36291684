#pragma once
// What a compiled kernel costs the device, for explaining its time: the driver's per-kernel limits
// (every OpenCL device) and, on NVIDIA, ptxas's own report (registers per work-item, spills),
// obtained by building the same program once more with -cl-nv-verbose. Nsight Compute does not
// profile NVIDIA's OpenCL, so this is how register pressure is measured there.
#include <cstdint>
#include <map>
#include <string>

#include "ocl/device.hpp"
#include "ocl/program.hpp"

namespace filterlab::ocl {

struct KernelResources {
  std::size_t max_work_group_size = 0;  // CL_KERNEL_WORK_GROUP_SIZE: falls as registers rise
  std::size_t preferred_multiple = 0;   // CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE
  std::uint64_t private_bytes = 0;      // CL_KERNEL_PRIVATE_MEM_SIZE per work-item
  std::uint64_t local_bytes = 0;        // CL_KERNEL_LOCAL_MEM_SIZE per work-group
  std::string compiler_report;          // NVIDIA: the build log's ptxas lines; else empty
  // NVIDIA: the program's PTX (its binary) as static counts per instruction ("fma.rn.f32": 200):
  // which float operations the front end contracted. ptxas may still fuse a mul.f32 and an add.f32
  // that carry no rounding modifier (never .rn ones). Empty elsewhere.
  std::map<std::string, long> ptx_instructions;
};

// Static counts of the instructions of a PTX text, by opcode with its modifiers.
std::map<std::string, long> count_ptx_instructions(const std::string& ptx);

bool is_nvidia(const DeviceInfo& info);

// `kernel` was built from `source` with `options`; `name` is its kernel function.
KernelResources kernel_resources(const cl::Context& context, const Device& device, const cl::Kernel& kernel,
                                 const ProgramSource& source, const std::string& options, const std::string& name);

}  // namespace filterlab::ocl
