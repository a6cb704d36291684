#include "index_eval.hpp"

#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <climits>

namespace filterlab::imagecl {
namespace {

using namespace clang;

bool fits_int(long v) { return v >= INT_MIN && v <= INT_MAX; }

}  // namespace

std::optional<Affine> Evaluator::eval(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* lit = dyn_cast<IntegerLiteral>(e)) {
    const long v = static_cast<long>(lit->getValue().getSExtValue());
    return checked(Affine{0, 0, v, v}, true, e);
  }
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return var(ref);
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    auto a = eval(u->getSubExpr());
    if (!a) return a;
    if (u->getOpcode() == UO_Plus) return a;
    if (u->getOpcode() == UO_Minus) return scale(*a, -1, e);
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    const auto op = b->getOpcode();
    if (op == BO_Add || op == BO_Sub || op == BO_Mul) {
      auto l = eval(b->getLHS());
      if (!l) return l;
      auto r = eval(b->getRHS());
      if (!r) return r;
      if (op == BO_Mul) return multiply(*l, *r, e);
      if (op == BO_Sub) r = scale(*r, -1, e);
      if (!r) return r;
      return combine(*l, *r, e);
    }
  }
  Expr::EvalResult res;
  if (!e->isValueDependent() && e->EvaluateAsInt(res, ctx_)) {
    const long v = static_cast<long>(res.Val.getInt().getSExtValue());
    return checked(Affine{0, 0, v, v}, true, e);
  }
  fail(e, "an expression other than +, -, * of constants, idx, idy and fixed-range loop variables");
  return std::nullopt;
}

void Evaluator::fail(const Expr* e, const std::string& why) {
  if (!problem.empty()) return;  // keep the first, innermost reason
  const auto p = ctx_.getSourceManager().getPresumedLoc(e->getBeginLoc());
  problem = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn()) +
            ": " + why;
}

std::optional<Affine> Evaluator::var(const DeclRefExpr* ref) {
  const auto* v = dyn_cast<VarDecl>(ref->getDecl());
  if (!v) {
    fail(ref, "'" + ref->getNameInfo().getAsString() + "' is not a variable");
    return std::nullopt;
  }
  if (v->hasGlobalStorage() && v->getName() == "idx") return Affine{1, 0, 0, 0};
  if (v->hasGlobalStorage() && v->getName() == "idy") return Affine{0, 1, 0, 0};
  if (auto it = env_.find(v); it != env_.end()) return Affine{0, 0, it->second.first, it->second.second};
  if (v->getType().isConstQualified() && v->getInit() && !isa<ParmVarDecl>(v)) return eval(v->getInit());
  fail(ref, "'" + v->getName().str() + "' is neither a constant nor the variable of a fixed-range loop");
  return std::nullopt;
}

// Every coefficient and bound must fit int (the kernel computes indices in int); `ok` false: the
// 64-bit arithmetic itself overflowed.
std::optional<Affine> Evaluator::checked(Affine a, bool ok, const Expr* e) {
  if (ok && fits_int(a.cx) && fits_int(a.cy) && fits_int(a.lo) && fits_int(a.hi)) return a;
  if (problem.empty() || !overflow) problem.clear();  // an overflow outranks a limit of the analysis
  fail(e, "this index computation overflows int (its value leaves -2147483648..2147483647)");
  overflow = true;
  return std::nullopt;
}

std::optional<Affine> Evaluator::scale(const Affine& a, long k, const Expr* e) {
  Affine out;
  long lo = 0, hi = 0;
  bool ok = !__builtin_mul_overflow(a.cx, k, &out.cx) && !__builtin_mul_overflow(a.cy, k, &out.cy) &&
            !__builtin_mul_overflow(a.lo, k, &lo) && !__builtin_mul_overflow(a.hi, k, &hi);
  out.lo = std::min(lo, hi), out.hi = std::max(lo, hi);
  return checked(out, ok, e);
}

std::optional<Affine> Evaluator::combine(const Affine& l, const Affine& r, const Expr* e) {
  Affine out;
  const bool ok = !__builtin_add_overflow(l.cx, r.cx, &out.cx) && !__builtin_add_overflow(l.cy, r.cy, &out.cy) &&
                  !__builtin_add_overflow(l.lo, r.lo, &out.lo) && !__builtin_add_overflow(l.hi, r.hi, &out.hi);
  return checked(out, ok, e);
}

std::optional<Affine> Evaluator::multiply(const Affine& l, const Affine& r, const Expr* e) {
  const bool lconst = l.cx == 0 && l.cy == 0, rconst = r.cx == 0 && r.cy == 0;
  if (lconst && rconst) {  // the extremes of a product of intervals are products of their ends
    long p[4] = {0, 0, 0, 0};
    const bool ok = !__builtin_mul_overflow(l.lo, r.lo, &p[0]) && !__builtin_mul_overflow(l.lo, r.hi, &p[1]) &&
                    !__builtin_mul_overflow(l.hi, r.lo, &p[2]) && !__builtin_mul_overflow(l.hi, r.hi, &p[3]);
    return checked(Affine{0, 0, *std::min_element(p, p + 4), *std::max_element(p, p + 4)}, ok, e);
  }
  if (lconst && l.single()) return scale(r, l.lo, e);
  if (rconst && r.single()) return scale(l, r.lo, e);
  fail(e, "idx or idy multiplied by a non-constant");
  return std::nullopt;
}

}  // namespace filterlab::imagecl
