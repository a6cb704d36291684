#include "integer_sums.hpp"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <cmath>
#include <map>
#include <string>

#include "simd.hpp"

namespace filterlab::imagecl {

using namespace clang;

namespace {

constexpr double kExactLimit = 16777216.0;  // 2^24: every integer of magnitude up to it is a float
constexpr int kMaxShift = 24;

// The largest |x| of the integer beneath a conversion to float (through its integral promotions):
// 0 unless it is an 8- or 16-bit integer.
double pixel_magnitude(const Expr* converted) {
  const std::string t = simd_widened_from(converted);
  if (t == "uchar") return 255;
  if (t == "char") return 128;
  if (t == "ushort") return 65535;
  if (t == "short") return 32768;
  return 0;
}

// How many times a statement can run for one pixel: the product of the trip counts of the
// fixed-range loops around it, or -1 under any other loop.
long executions(ASTContext& ctx, const Analysis& a, const Stmt* s) {
  long n = 1;
  DynTypedNode node = DynTypedNode::create(*s);
  for (;;) {
    const auto parents = ctx.getParents(node);
    if (parents.empty()) return n;
    node = parents[0];
    const Stmt* p = node.get<Stmt>();
    if (!p) return n;  // the function body's declaration
    if (isa<WhileStmt>(p) || isa<DoStmt>(p)) return -1;
    if (const auto* f = dyn_cast<ForStmt>(p)) {
      long trips = -1;
      for (const auto& site : a.loops)
        if (site.loop == f) {
          const auto& info = a.model.loops[static_cast<std::size_t>(site.id)];
          if (info.fixed_range) trips = info.trip_count;
        }
      if (trips < 0) return -1;
      n *= trips;
      if (n > static_cast<long>(kExactLimit)) return n;  // already past any bound
    }
  }
}

// The operand of `w[e] * x` that is not the weight, as written.
const Expr* other_operand(const WeightedSum& w) {
  const auto* mul = cast<BinaryOperator>(w.statement->getRHS()->IgnoreParenImpCasts());
  return mul->getLHS()->IgnoreParenImpCasts() == w.weight ? mul->getRHS() : mul->getLHS();
}

const VarDecl* accumulator(const WeightedSum& w) {
  const auto* d = dyn_cast<DeclRefExpr>(w.statement->getLHS()->IgnoreParens());
  return d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
}

bool positive_zero(ASTContext& ctx, const Expr* init) {
  Expr::EvalResult r;
  if (!init || !init->EvaluateAsRValue(r, ctx)) return false;
  if (r.Val.isFloat()) return r.Val.getFloat().isPosZero();
  if (r.Val.isInt()) return r.Val.getInt() == 0;
  return false;
}

// Every reference to `acc` in the body: the left side of one of `mine` (a write the integer path
// keeps) or a read (an rvalue); anything else is a write it cannot keep exact.
struct Uses : RecursiveASTVisitor<Uses> {
  Uses(ASTContext& c, const VarDecl* v, const std::set<const Expr*>& l) : ctx(c), acc(v), lhs(l) {}
  ASTContext& ctx;
  const VarDecl* acc;
  const std::set<const Expr*>& lhs;
  std::set<const DeclRefExpr*> reads;
  bool other_write = false;
  bool VisitDeclRefExpr(DeclRefExpr* d) {
    if (d->getDecl() != acc) return true;
    if (lhs.count(d)) return true;
    const auto parents = ctx.getParents(*d);
    const auto* c = parents.empty() ? nullptr : parents[0].get<ImplicitCastExpr>();
    if (c && c->getCastKind() == CK_LValueToRValue)
      reads.insert(d);
    else
      other_write = true;
    return true;
  }
};

}  // namespace

void plan_integer_sums(ASTContext& ctx, Analysis& a) {
  a.integer_sums.clear();
  for (auto& arr : a.model.arrays) {
    arr.integer_eligible = false;
    arr.integer_reason.clear();
    if (!arr.literal_eligible) continue;
    std::vector<const WeightedSum*> sums;
    for (const auto& w : a.weighted_sums)
      if (w.array == arr.name) sums.push_back(&w);
    if (sums.empty()) continue;  // nothing to sum: no switch, no reason
    const auto refuse = [&](const std::string& why) { arr.integer_reason = why; };
    if (arr.element != "float") {
      refuse("the weights are not float");
      continue;
    }
    // The smallest s with every value (as the float the kernel reads) an integer times 2^-s.
    std::vector<double> values;
    for (const auto& v : arr.literal) values.push_back(static_cast<double>(static_cast<float>(std::stod(v))));
    int shift = -1;
    for (int s = 0; s <= kMaxShift && shift < 0; ++s) {
      bool whole = true;
      for (double v : values) {
        const double n = std::ldexp(v, s);
        whole = whole && n == std::floor(n) && std::fabs(n) <= kExactLimit;
      }
      if (whole) shift = s;
    }
    if (shift < 0) {
      refuse("a value is not an integer times 2^-s for any s <= 24");
      continue;
    }
    double largest = 0;
    arr.integer_values.clear();
    for (double v : values) {
      const double n = std::ldexp(v, shift);
      arr.integer_values.push_back(static_cast<long>(n));
      largest = std::max(largest, std::fabs(n));
    }
    // Each accumulator's statements and the largest integer magnitude its sum can reach.
    IntegerSums plan;
    plan.array = arr.name;
    std::map<const VarDecl*, double> bound;
    std::set<const Expr*> lhs;
    for (const auto* w : sums) {
      const VarDecl* acc = accumulator(*w);
      const Expr* x = other_operand(*w)->IgnoreParens();
      const auto* widen = dyn_cast<ImplicitCastExpr>(x);
      if (!acc || !acc->isLocalVarDecl() || !acc->getType()->isSpecificBuiltinType(BuiltinType::Float)) {
        refuse("an accumulator of " + arr.name + "[e] * x is not a local float");
        break;
      }
      const double px =
          widen && widen->getCastKind() == CK_IntegralToFloating ? pixel_magnitude(widen->getSubExpr()) : 0;
      if (px == 0) {
        refuse("the factor beside " + arr.name + "[e] in '" + acc->getNameAsString() +
               " += ...' is not an 8- or 16-bit integer converted to float");
        break;
      }
      const long runs = executions(ctx, a, w->statement);
      if (runs < 0) {
        refuse("'" + acc->getNameAsString() + " += ...' runs in a loop without a fixed trip count");
        break;
      }
      bound[acc] += static_cast<double>(runs) * largest * px;
      plan.accumulators.insert(acc);
      plan.widenings.insert(widen);
      lhs.insert(w->statement->getLHS()->IgnoreParens());
    }
    if (!arr.integer_reason.empty()) continue;
    for (const auto* acc : plan.accumulators) {
      const auto name = "'" + acc->getNameAsString() + "'";
      const auto decl = ctx.getParents(*acc);
      const auto* ds = decl.empty() ? nullptr : decl[0].get<DeclStmt>();
      if (!ds || !ds->isSingleDecl()) {  // its type is rewritten: it must not share it
        refuse(name + " is not declared on its own");
        break;
      }
      if (!positive_zero(ctx, acc->getInit())) {
        refuse(name + " does not start at 0");
        break;
      }
      if (bound[acc] > kExactLimit) {
        refuse(name + " can reach " + std::to_string(static_cast<long long>(bound[acc])) + " * 2^-" +
               std::to_string(shift) + " in magnitude, past 2^24 (its float sums would round)");
        break;
      }
      Uses uses(ctx, acc, lhs);
      uses.TraverseStmt(const_cast<Stmt*>(a.kernel->getBody()));
      if (uses.other_write) {
        refuse(name + " is written other than by += " + arr.name + "[e] * x");
        break;
      }
      plan.reads.insert(uses.reads.begin(), uses.reads.end());
    }
    // Every write of an accumulator must be one of this array's sums (no other array adds to it).
    for (const auto& w : a.weighted_sums)
      if (arr.integer_reason.empty() && w.array != arr.name && plan.accumulators.count(accumulator(w)))
        refuse("'" + accumulator(w)->getNameAsString() + "' also sums " + w.array);
    if (!arr.integer_reason.empty()) continue;
    arr.integer_eligible = true;
    arr.integer_shift = shift;
    a.integer_sums.push_back(std::move(plan));
  }
}

}  // namespace filterlab::imagecl
