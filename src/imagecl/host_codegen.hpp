#pragma once
// Host code for any user kernel: a C++ header and source that embed the generated OpenCL and
// search space and define
//   std::string filterlab_icl::<kernel>::run(filterlab::ocl::Runtime&, <Images and arguments>);
// which picks the configuration (tuned for the device when the tuning database has it, else the
// default: host_runtime.hpp), builds, uploads, launches once and downloads every output Image.
// It links against filterlab_core (the launcher, the database, OpenCL).
#include <string>

#include "imagecl/user_kernel.hpp"

namespace filterlab::imagecl {

std::string host_header(const UserKernel& k, const std::string& stem);  // <stem>_host.hpp
std::string host_source(const UserKernel& k, const std::string& stem);  // <stem>_host.cpp

}  // namespace filterlab::imagecl
