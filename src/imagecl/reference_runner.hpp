#pragma once
// The CPU reference of a user kernel: the C++ that filterlab-imagecl writes (the kernel body in
// plain loops over the grid, the language's boundary semantics, no OpenCL code generation),
// compiled by the host C++ compiler ($CXX, else c++) with -ffp-contract=off into a shared object
// and loaded with dlopen. The object is kept beside the source, named by the source's hash.
#include <functional>
#include <map>
#include <string>

#include "imagecl/launcher.hpp"
#include "imagecl/user_kernel.hpp"
#include "reference/image.hpp"

namespace filterlab::imagecl {

// The reference run with its builtins perturbed as run `seed` (0: nominal; 1, 2: every inexact
// result at its bound, up, down; 3...: drawn per value), returning every output.
using PerturbedRun = std::function<std::map<std::string, ref::Image>(unsigned long long seed)>;
constexpr int kPerturbedRuns = 6;
// Per output pixel, the largest |run(seed) - nominal| over kPerturbedRuns nonzero seeds (a NaN in
// one run only: infinity); `run` is left at seed 0. See CpuReference::spread.
std::map<std::string, ref::Image> perturbed_spread(const std::map<std::string, ref::Image>& nominal,
                                                   const PerturbedRun& run);

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

  // For a kernel that calls builtins OpenCL lets a device compute inexactly: per output pixel, the
  // largest difference from `nominal` (this run's outputs) over kPerturbedRuns runs in which every
  // such builtin's result moves by a whole number of ulp within its bound (all up, all down, then
  // drawn per value: reference.cpp's icl_inexact). Empty when the
  // kernel calls none (its results are exact). An estimate of how far the allowed errors carry
  // through the kernel (cancellation and alignment included), not a bound: judge() allows twice it.
  std::map<std::string, ref::Image> spread(const Args& args, const std::map<std::string, ref::Image>& nominal) const;

 private:
  const KernelSpace& space_;
  void* handle_ = nullptr;
  using Entry = const char* (*)(const void* args);
  Entry entry_ = nullptr;
  using Perturb = void (*)(unsigned long long seed);
  Perturb perturb_ = nullptr;
};

}  // namespace filterlab::imagecl
