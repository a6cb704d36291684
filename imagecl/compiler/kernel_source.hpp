#pragma once
// One ImageCL kernel source through the front end and the analyses, with Clang's AST still alive:
// compile() generates the kernel from it, the pipeline fusion (fusion.cpp) takes each stage's
// rewritten body from it.
#include <clang/AST/ASTContext.h>

#include <functional>
#include <string>

#include "analysis.hpp"

namespace filterlab::imagecl {

// Called once the analyses ran on the AST (`ok` false: they reported errors into the diagnostics).
using AnalysedKernelUse = std::function<void(clang::ASTContext& ctx, const Analysis& a, bool ok)>;

// Expands the macros, parses `text` (named `path` in diagnostics) after the prelude, analyses the
// kernel and calls `use`. Returns false when Clang or the analyses reported an error.
bool analyse_kernel_source(const std::string& path, const std::string& text, const AnalysedKernelUse& use,
                           std::string& diagnostics, std::string* expanded_text = nullptr);

}  // namespace filterlab::imagecl
