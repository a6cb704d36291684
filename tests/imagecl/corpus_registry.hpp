#pragma once
// The corpus kernels compiled at build time into CPU references (see CMakeLists.txt): by kernel
// name, the .icl source (relative to the repository) and the reference's entry point.
#include <map>
#include <string>

#include "reference_abi.h"

namespace filterlab::test {

using ReferenceFn = const char* (*)(const filterlab_icl_ref_arg*);
using PerturbFn = void (*)(unsigned long long seed);  // 0: nominal builtins
struct CorpusKernel {
  std::string source;
  ReferenceFn reference = nullptr;
  PerturbFn perturb = nullptr;
};
const std::map<std::string, CorpusKernel>& corpus_kernels();

}  // namespace filterlab::test
