#pragma once
// A user's own ImageCL kernel (any .icl file), compiled at run time by filterlab-imagecl into a
// directory: the OpenCL C, the search space (JSON), the CPU reference (C++) and the host code.
// The embedded benchmark kernels (space.hpp) are compiled at build time; these are not.
#include <string>

#include "imagecl/space.hpp"

namespace filterlab::imagecl {

// The compiler: $FILTERLAB_IMAGECL, else filterlab-imagecl beside the running filterlab, else the
// one in the build tree this filterlab was built in. Throws filterlab::Error saying how to get one
// (a GPU bundle ships without Clang, so without the compiler).
std::string find_compiler();

struct UserKernel {
  std::string source_path;    // the .icl file
  std::string source_sha256;  // of its text: the key of the tuning database
  std::string dir;            // where the compiler's outputs are
  std::string opencl_path, space_path, reference_path, host_header_path, host_source_path;
  std::string space_json;        // the search space as the compiler wrote it
  std::string generated_sha256;  // opencl_identity (tuning_db.hpp) of the compiler's OpenCL C
  // The space, its OpenCL C with FP contraction off (the CPU reference is built with
  // -ffp-contract=off: both sides round every operation, so float results compare closely).
  KernelSpace space;
};

// The OpenCL C that FilterLab builds for a user kernel: the compiler's output, contraction off.
std::string tool_opencl(const std::string& generated);

// Runs the compiler on `icl` into `out_dir` (created) and writes the host code beside its
// outputs. Throws filterlab::Error with the compiler's diagnostics when the kernel is rejected.
UserKernel compile_user_kernel(const std::string& icl, const std::string& out_dir);

// Compiles `icl` into a per-source directory under the user's cache (reused when the source, and
// the compiler binary, are unchanged): what check, tune and run work from.
UserKernel compile_cached(const std::string& icl);

// $XDG_CACHE_HOME/filterlab, else ~/.cache/filterlab (created).
std::string user_cache_dir();

}  // namespace filterlab::imagecl
