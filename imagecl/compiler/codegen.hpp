#pragma once
// OpenCL C from an analysed ImageCL kernel: one source in which every tuning parameter is a
// preprocessor switch (-DICL_WG_X=16 ...), so a host without Clang can build any configuration.
#include <clang/AST/ASTContext.h>

#include <string>

#include "analysis.hpp"

namespace filterlab::imagecl {
std::string generate_opencl(clang::ASTContext& ctx, const Analysis& a);
// The second source of a kernel offering row_split (ICL_ROW_SPLIT): the same kernel with the row
// interior split under #if ICL_ROW_SPLIT; generate_opencl's source has no trace of the switch.
std::string generate_row_split_opencl(clang::ASTContext& ctx, const Analysis& a);
// The third source of a kernel offering simd (ICL_SIMD, simd.hpp): the kernel with the strip
// vectorisation and its fast conversions (ICL_FAST_ROUND, ICL_FAST_WIDEN) under #if ICL_SIMD.
std::string generate_simd_opencl(clang::ASTContext& ctx, const Analysis& a);
// The kernel's body as generate_opencl emits it: { ... } with every Image read ICL_RD_<image>(x, y),
// every write ICL_WR_<image>(x, y, v) and each tunable loop under #if ICL_UNROLL_<id> (fusion.cpp
// defines those macros per pipeline stage).
std::string rewritten_body(clang::ASTContext& ctx, const Analysis& a);
// The body for N lanes as the simd source's strips run it (a.model.simd_eligible): reads
// ICL_VRD_<image>(x, y) and writes ICL_VWR_<image>(x, y, v) of N pixels from (x, y), every varying
// value ICL_LANES(T) (fusion.cpp pastes it into the fused kernel's line-buffer path).
std::string rewritten_lanes_body(clang::ASTContext& ctx, const Analysis& a);
}  // namespace filterlab::imagecl
