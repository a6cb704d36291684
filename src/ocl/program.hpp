#pragma once
// Kernel sources (embedded, or overridden from a directory for development) and a program cache
// keyed by source hash, build options and device.
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "ocl/cl.hpp"
#include "ocl/device.hpp"

namespace filterlab::ocl {

struct ProgramSource {
  std::vector<std::string> files;             // relative to kernels/, in concatenation order
  std::map<std::string, std::string> hashes;  // file -> SHA-256 of what was used
  std::string text;                           // the concatenated program
  std::string sha256;                         // of `text`
  std::string origin;                         // "embedded" or the override directory
};

// The directory that overrides embedded kernels: set_kernel_dir() if called with a non-empty path,
// else $FILTERLAB_KERNEL_DIR, else none.
void set_kernel_dir(const std::string& dir);
std::string kernel_dir();

// Concatenates the named kernel files. Throws filterlab::Error for unknown or unreadable files.
ProgramSource load_program_source(const std::vector<std::string>& files);

// SHA-256 of one embedded kernel file ("" if unknown).
std::string embedded_hash(const std::string& file);

// Builds (or returns the cached) program. A build failure throws filterlab::Error carrying the
// device, the options and the complete build log.
cl::Program build_program(const cl::Context& context, const Device& device, const ProgramSource& source,
                          const std::string& options);

}  // namespace filterlab::ocl
