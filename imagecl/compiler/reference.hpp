#pragma once
// The CPU reference of a kernel: C++ for the host compiler that runs the kernel body as written,
// once per logical thread, in plain loops over the grid, with Images whose operator[] applies the
// boundary conditions. It shares the front end with the OpenCL generator (the parsed body) but none
// of its rewriting (no thread mapping, coarsening, unrolling, local or image memory), so it can
// judge every configuration. Calling convention: reference_abi.h.
#include <clang/AST/ASTContext.h>

#include <string>

#include "analysis.hpp"

namespace filterlab::imagecl {
std::string generate_reference(clang::ASTContext& ctx, const Analysis& a);
}
