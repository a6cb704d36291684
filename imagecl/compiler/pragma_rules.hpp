#pragma once
// What `#pragma imagecl` directives mean for a kernel: the grid, boundaries, array bounds and
// forced optimisations, checked against its parameters and loops.
#include <clang/AST/ASTContext.h>

#include <vector>

#include "analysis.hpp"
#include "pragmas.hpp"
#include "reporter.hpp"

namespace filterlab::imagecl {
void apply_pragmas(clang::ASTContext& ctx, Reporter& rep, const std::vector<PragmaDirective>& pragmas, Analysis& a);
}
