#pragma once
// The CPU reference of a user kernel: the C++ that filterlab-imagecl writes (the kernel body in
// plain loops over the grid, the language's boundary semantics, no OpenCL code generation),
// compiled by the host C++ compiler ($CXX, else c++) with -ffp-contract=off into a shared object
// and loaded with dlopen. The object is kept beside the source, named by the source's hash.
#include <map>
#include <string>

#include "imagecl/launcher.hpp"
#include "imagecl/user_kernel.hpp"
#include "reference/image.hpp"

namespace filterlab::imagecl {

class CpuReference {
 public:
  // Compiles (or reuses) and loads the reference; throws filterlab::Error with the compiler's
  // output when it does not build.
  explicit CpuReference(const UserKernel& k);
  ~CpuReference();
  CpuReference(const CpuReference&) = delete;
  CpuReference& operator=(const CpuReference&) = delete;

  // Runs the kernel on the host; returns every output Image. Throws filterlab::Error when the
  // kernel goes wrong (a read outside an Image without a boundary condition...).
  std::map<std::string, ref::Image> run(const Args& args) const;

 private:
  const KernelSpace& space_;
  void* handle_ = nullptr;
  using Entry = const char* (*)(const void* args);
  Entry entry_ = nullptr;
};

}  // namespace filterlab::imagecl
