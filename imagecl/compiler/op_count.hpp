#pragma once
// Counts what one logical thread does (model.hpp, KernelCounts) on the analysed kernel's AST: the
// source body after macro expansion, never the generated code (its boundary handling is a
// variant's cost, not the algorithm's). See imagecl/README.md, "Operation counts".
#include <clang/AST/ASTContext.h>

#include "analysis.hpp"

namespace filterlab::imagecl {

KernelCounts count_operations(clang::ASTContext& ctx, const Analysis& a);

}  // namespace filterlab::imagecl
