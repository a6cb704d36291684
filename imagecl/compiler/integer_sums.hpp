#pragma once
// Integer-exact sums (integer_<arr>): where every value of an array bound by #pragma imagecl weights
// is an integer times 2^-s, and a float accumulator is written only by `acc += w[e] * x` (or -=) with
// x an 8- or 16-bit integer, starts at 0, and stays within 2^24 * 2^-s in magnitude whatever the
// pixels (the trip counts, the largest |w| and the largest |x| bound it), every product and every
// partial float sum is exact. The sum of the integers w * 2^s in int32, converted to float once and
// scaled by 2^-s once (both exact), is then bit-identical to the float sum with contraction or
// without: the exact mode keeps it, at integer speed.
#include <clang/AST/ASTContext.h>

#include "analysis.hpp"

namespace filterlab::imagecl {

// Fills a.integer_sums and each literal array's integer_eligible / integer_reason / integer_shift /
// integer_values; needs the literal decision (literal_eligible) and the weighted sums.
void plan_integer_sums(clang::ASTContext& ctx, Analysis& a);

}  // namespace filterlab::imagecl
