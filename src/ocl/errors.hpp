#pragma once
// Translates OpenCL status codes and cl::Error exceptions into FilterLab errors with names and hints.
#include <string>

#include "error.hpp"
#include "ocl/cl.hpp"

namespace filterlab::ocl {

const char* status_name(cl_int status);  // "CL_OUT_OF_RESOURCES", or "unknown OpenCL status"

// What to do about a status, in a few words ("" when there is nothing general to say).
const char* status_hint(cl_int status);

// Converts a cl::Error into filterlab::Error, naming the call, the status and `context`
// (e.g. "running scharr.single/images/k5/wg16x16 on NVIDIA H100").
[[noreturn]] void rethrow(const cl::Error& e, const std::string& context);

}  // namespace filterlab::ocl
