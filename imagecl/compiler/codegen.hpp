#pragma once
// OpenCL C from an analysed ImageCL kernel: one source in which every tuning parameter is a
// preprocessor switch (-DICL_WG_X=16 ...), so a host without Clang can build any configuration.
#include <clang/AST/ASTContext.h>

#include <string>

#include "analysis.hpp"

namespace filterlab::imagecl {
std::string generate_opencl(clang::ASTContext& ctx, const Analysis& a);
// The kernel's body as generate_opencl emits it: { ... } with every Image read ICL_RD_<image>(x, y),
// every write ICL_WR_<image>(x, y, v) and each tunable loop under #if ICL_UNROLL_<id> (fusion.cpp
// defines those macros per pipeline stage).
std::string rewritten_body(clang::ASTContext& ctx, const Analysis& a);
}  // namespace filterlab::imagecl
