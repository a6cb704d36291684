#pragma once
// The CPU code path that vectorises by construction (simd, ICL_SIMD = N): a work-item's row of
// coarsen_x outputs runs as strips of N lanes, each lane one logical thread, every per-pixel value
// an OpenCL vector of N lanes (Halide's vectorize(x, N) of a stencil). This analysis decides
// whether a kernel's body can be promoted so: which locals hold N lanes, and why not when not.
#include <clang/AST/ASTContext.h>

#include <string>

#include "analysis.hpp"

namespace filterlab::imagecl {

// The OpenCL name of a scalar type a lane may hold (float, int, uint, short, ushort, char, uchar),
// or "" for any other type (bool, double, long, pointers, vectors).
std::string simd_scalar_name(clang::QualType t);
// The same for a type's OpenCL name (an Image's pixel): the name, or "".
std::string simd_scalar_name_of(const std::string& t);

// The type an integer value had before widening integer casts (uchar promoted to int): the
// conversion to float of such a value is the fast widening's (ICL_FAST_WIDEN) when it is uchar or
// ushort.
std::string simd_widened_from(const clang::Expr* e);

// Fills a.simd (eligibility, reason, the varying locals, the conversions the fast switches replace).
void plan_simd(clang::ASTContext& ctx, Analysis& a);

// Whether `e` differs between the lanes of a strip: it reads an Image at idx, or names idx or a
// varying local (a.simd.varying).
bool simd_varying(const Analysis& a, const clang::Expr* e);

}  // namespace filterlab::imagecl
