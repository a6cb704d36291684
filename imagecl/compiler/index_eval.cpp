#include "index_eval.hpp"

#include <clang/Basic/SourceManager.h>
#include <set>

namespace filterlab::imagecl {
namespace {

using namespace clang;

constexpr std::size_t kMaxOffsets = 4096;  // constant-set size before the analysis gives up

Affine scale(Affine a, long k) {
  a.cx *= k;
  a.cy *= k;
  for (auto& c : a.c) c *= k;
  return a;
}

}  // namespace

std::optional<Affine> Evaluator::eval(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* lit = dyn_cast<IntegerLiteral>(e)) return Affine{0, 0, {static_cast<long>(lit->getValue().getSExtValue())}};
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return var(ref);
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    auto a = eval(u->getSubExpr());
    if (!a) return a;
    if (u->getOpcode() == UO_Plus) return a;
    if (u->getOpcode() == UO_Minus) return scale(*a, -1);
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    const auto op = b->getOpcode();
    if (op == BO_Add || op == BO_Sub || op == BO_Mul) {
      auto l = eval(b->getLHS());
      if (!l) return l;
      auto r = eval(b->getRHS());
      if (!r) return r;
      if (op == BO_Mul) return multiply(*l, *r, e);
      return combine(*l, op == BO_Sub ? scale(*r, -1) : *r, e);
    }
  }
  Expr::EvalResult res;
  if (!e->isValueDependent() && e->EvaluateAsInt(res, ctx_)) return Affine{0, 0, {static_cast<long>(res.Val.getInt().getSExtValue())}};
  fail(e, "an expression other than +, -, * of constants, idx, idy and fixed-range loop variables");
  return std::nullopt;
}

void Evaluator::fail(const Expr* e, const std::string& why) {
  if (!problem.empty()) return;  // keep the first, innermost reason
  const auto p = ctx_.getSourceManager().getPresumedLoc(e->getBeginLoc());
  problem = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn()) + ": " + why;
}

std::optional<Affine> Evaluator::var(const DeclRefExpr* ref) {
  const auto* v = dyn_cast<VarDecl>(ref->getDecl());
  if (!v) {
    fail(ref, "'" + ref->getNameInfo().getAsString() + "' is not a variable");
    return std::nullopt;
  }
  if (v->hasGlobalStorage() && v->getName() == "idx") return Affine{1, 0, {0}};
  if (v->hasGlobalStorage() && v->getName() == "idy") return Affine{0, 1, {0}};
  if (auto it = env_.find(v); it != env_.end()) return Affine{0, 0, it->second};
  if (v->getType().isConstQualified() && v->getInit() && !isa<ParmVarDecl>(v)) return eval(v->getInit());
  fail(ref, "'" + v->getName().str() + "' is neither a constant nor the variable of a fixed-range loop");
  return std::nullopt;
}

std::optional<Affine> Evaluator::combine(const Affine& l, const Affine& r, const Expr* e) {
  std::set<long> out;
  for (long a : l.c)
    for (long b : r.c) out.insert(a + b);
  if (out.size() > kMaxOffsets) {
    fail(e, "too many possible offsets");
    return std::nullopt;
  }
  return Affine{l.cx + r.cx, l.cy + r.cy, {out.begin(), out.end()}};
}

std::optional<Affine> Evaluator::multiply(const Affine& l, const Affine& r, const Expr* e) {
  const bool lconst = l.cx == 0 && l.cy == 0, rconst = r.cx == 0 && r.cy == 0;
  if (lconst && rconst) {
    std::set<long> out;
    for (long a : l.c)
      for (long b : r.c) out.insert(a * b);
    if (out.size() > kMaxOffsets) {
      fail(e, "too many possible offsets");
      return std::nullopt;
    }
    return Affine{0, 0, {out.begin(), out.end()}};
  }
  if (lconst && l.c.size() == 1) return scale(r, l.c[0]);
  if (rconst && r.c.size() == 1) return scale(l, r.c[0]);
  fail(e, "idx or idy multiplied by a non-constant");
  return std::nullopt;
}

}  // namespace filterlab::imagecl
