#pragma once
// The device the OpenCL tests run on: $FILTERLAB_TEST_DEVICE (a name pattern), else the first device.
#include <filesystem>
#include <string>

#include "ocl/runtime.hpp"

namespace filterlab::test {
ocl::Runtime& runtime();
// Writes every embedded kernel to a fresh directory, with `from` replaced by `to` in `file`, for
// mutation tests through the kernel override directory (ocl::set_kernel_dir). Fails the test if
// `from` does not occur (the mutation must apply, or the test proves nothing).
std::filesystem::path mutated_kernels(const std::string& file, const std::string& from, const std::string& to);
}  // namespace filterlab::test
