#pragma once
// The rows of a strip in lockstep (ICL_LOCKSTEP, with the strip vectorisation): the lanes body's
// statements that depend on the output row run for every row of the work-item's block, one after
// the other, before the next statement, so the rows' sums are independent chains the core overlaps
// (Halide's vectorize(x) with unroll(y); a register block of ICL_CY rows). This analysis decides
// which locals hold a value per row and which statements run per row, and why not when it cannot.
#include <clang/AST/ASTContext.h>

#include "analysis.hpp"

namespace filterlab::imagecl {

// Fills a.simd.lockstep, lockstep_reason, row_locals and row_statements; needs a.simd.eligible.
void plan_lockstep(Analysis& a);

}  // namespace filterlab::imagecl
