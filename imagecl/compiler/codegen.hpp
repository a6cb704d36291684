#pragma once
// OpenCL C from an analysed ImageCL kernel: one source in which every tuning parameter is a
// preprocessor switch (-DICL_WG_X=16 ...), so a host without Clang can build any configuration.
#include <clang/AST/ASTContext.h>
#include <string>

#include "analysis.hpp"

namespace filterlab::imagecl {
std::string generate_opencl(clang::ASTContext& ctx, const Analysis& a);
}
