#include "op_count.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <optional>

#include "index_eval.hpp"

namespace filterlab::imagecl {
namespace {

using namespace clang;

bool is_float(QualType t) {
  return !t.isNull() && t->isRealFloatingType();
}  // double (unsuffixed literals) counts as float
bool is_integer(QualType t) { return !t.isNull() && t->isIntegerType(); }

// Which way L - R goes as idx and idy grow (a pixel far from the first row and column): +1 up,
// -1 down, 0 neither (no idx/idy, or idx and idy pull opposite ways).
int trend(long cx, long cy) {
  if ((cx != 0 || cy != 0) && cx >= 0 && cy >= 0) return 1;
  if ((cx != 0 || cy != 0) && cx <= 0 && cy <= 0) return -1;
  return 0;
}

// `op` on L - R in [lo, hi] when idx/idy do not occur: decided when every value agrees.
std::optional<bool> compare_range(BinaryOperatorKind op, long lo, long hi) {
  switch (op) {
    case BO_LT:
      return hi < 0 ? std::optional<bool>(true) : lo >= 0 ? std::optional<bool>(false) : std::nullopt;
    case BO_LE:
      return hi <= 0 ? std::optional<bool>(true) : lo > 0 ? std::optional<bool>(false) : std::nullopt;
    case BO_GT:
      return lo > 0 ? std::optional<bool>(true) : hi <= 0 ? std::optional<bool>(false) : std::nullopt;
    case BO_GE:
      return lo >= 0 ? std::optional<bool>(true) : hi < 0 ? std::optional<bool>(false) : std::nullopt;
    case BO_EQ:
      return lo == 0 && hi == 0 ? std::optional<bool>(true)
             : lo > 0 || hi < 0 ? std::optional<bool>(false)
                                : std::nullopt;
    case BO_NE:
      return lo == 0 && hi == 0 ? std::optional<bool>(false)
             : lo > 0 || hi < 0 ? std::optional<bool>(true)
                                : std::nullopt;
    default:
      return std::nullopt;
  }
}

// `op` on L - R when it grows (`sign` +1) or falls (-1) without bound.
bool compare_trend(BinaryOperatorKind op, int sign) {
  switch (op) {
    case BO_LT:
    case BO_LE:
      return sign < 0;
    case BO_GT:
    case BO_GE:
      return sign > 0;
    case BO_NE:
      return true;
    default:
      return false;  // BO_EQ
  }
}

class Counter {
 public:
  Counter(ASTContext& ctx, const Analysis& a) : ctx_(ctx), a_(a) {
    for (const auto& r : a.reads) reads_[r.whole] = &r;
    for (const auto& w : a.writes) writes_[w.assign] = &w;
  }

  KernelCounts run() {
    KernelCounts out;
    out.per_pixel = stmt(a_.kernel->getBody());
    out.known = reason_.empty();
    out.reason = reason_;
    if (out.known)
      out.branches = branches_;
    else
      out.per_pixel = {};
    return out;
  }

 private:
  std::string where(const Stmt* s) const {
    const auto p = ctx_.getSourceManager().getPresumedLoc(s->getBeginLoc());
    if (p.isInvalid()) return "?";
    return std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn());
  }

  // A construct without a count: the whole kernel's counts become unknown (the first reason kept).
  OperationCounts unknown(const Stmt* s, const std::string& why) {
    if (reason_.empty()) reason_ = where(s) + ": " + why;
    return {};
  }

  OperationCounts children(const Stmt* s) {
    OperationCounts total;
    for (const auto* c : s->children()) total += stmt(c);
    return total;
  }

  OperationCounts stmt(const Stmt* s) {
    if (!s || !reason_.empty()) return {};
    if (const auto* e = dyn_cast<Expr>(s)) return expr(e);
    if (const auto* i = dyn_cast<IfStmt>(s))
      return stmt(i->getInit()) + stmt(i->getConditionVariableDeclStmt()) +
             branch(i, "if", i->getCond(), i->getThen(), i->getElse());
    if (const auto* f = dyn_cast<ForStmt>(s)) return loop(f);
    if (isa<WhileStmt>(s) || isa<DoStmt>(s))
      return unknown(s, "a while or do loop: its trip count is not a compile-time constant");
    if (isa<SwitchStmt>(s)) return unknown(s, "a switch statement (its cases are not counted)");
    if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) return unknown(s, "a goto (what runs after it is not counted)");
    return children(s);  // compound statements, declarations (their initializers), labels
  }

  // A fixed-range loop (the analysis' LoopInfo) runs its body trip_count times.
  OperationCounts loop(const ForStmt* f) {
    const LoopInfo* info = nullptr;
    for (const auto& site : a_.loops)
      if (site.loop == f) info = &a_.model.loops[static_cast<std::size_t>(site.id)];
    if (!info || !info->fixed_range)
      return unknown(f, "a loop whose trip count is not a compile-time constant (" +
                            (info ? info->reason : std::string("not analysed")) + ")");
    if (info->jumps) return unknown(f, "a loop with break or continue: its trip count is not a compile-time constant");
    const double n = static_cast<double>(info->trip_count);
    // The condition (i < B: a fixed range) runs once more than the body.
    OperationCounts total = stmt(f->getInit()) + expr(f->getCond()).scaled(n + 1);
    if (info->trip_count == 0) return total;
    const auto* var = cast<VarDecl>(cast<DeclStmt>(f->getInit())->getSingleDecl());  // fixed_range implies it
    env_[var] = {info->first, info->first + info->trip_count - 1};
    const OperationCounts iteration = stmt(f->getBody()) + expr(f->getInc());
    env_.erase(var);
    return total + iteration.scaled(n);
  }

  OperationCounts branch(const Stmt* site, const char* kind, const Expr* cond, const Stmt* yes, const Stmt* no) {
    OperationCounts total = expr(cond);
    BranchCount note{where(site), kind, "undecided", "maximum"};
    if (const auto taken = decide(cond, note.decision)) {
      total += stmt(*taken ? yes : no);
      note.counted = *taken ? "then" : "else";
    } else {
      note.decision = "undecided";
      total += stmt(yes).max(stmt(no));
    }
    branches_.push_back(note);
    return total;
  }

  // && and ||: the right operand runs only when the left one does not decide.
  OperationCounts logical(const BinaryOperator* b) {
    OperationCounts total = expr(b->getLHS());
    BranchCount note{where(b), b->getOpcode() == BO_LAnd ? "&&" : "||", "undecided", "maximum"};
    const auto left = decide(b->getLHS(), note.decision);
    const bool right_runs = !left || *left == (b->getOpcode() == BO_LAnd);
    if (!left)
      note.decision = "undecided";
    else
      note.counted = right_runs ? "both" : "left only";
    if (right_runs) total += expr(b->getRHS());
    branches_.push_back(note);
    return total;
  }

  // The value of a condition for a pixel far inside a large image, when it is a compile-time
  // constant (`how` "constant"), compares idx/idy with constants ("interior"), or compares loop
  // variables with constants for every value they take ("loop range").
  std::optional<bool> decide(const Expr* c, std::string& how) {
    c = c->IgnoreParenImpCasts();
    bool value = false;
    if (!c->isValueDependent() && c->EvaluateAsBooleanCondition(value, ctx_)) return how = "constant", value;
    if (const auto* u = dyn_cast<UnaryOperator>(c); u && u->getOpcode() == UO_LNot) {
      const auto v = decide(u->getSubExpr(), how);
      return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    const auto* b = dyn_cast<BinaryOperator>(c);
    if (b && b->isLogicalOp()) {
      std::string hl, hr;
      const auto l = decide(b->getLHS(), hl), r = decide(b->getRHS(), hr);
      const bool dominant = b->getOpcode() == BO_LOr;  // the value that decides alone
      std::optional<bool> v;
      if ((l && *l == dominant) || (r && *r == dominant))
        v = dominant;
      else if (l && r)
        v = !dominant;
      if (v)
        how = hl == "interior" || hr == "interior"       ? "interior"
              : hl == "loop range" || hr == "loop range" ? "loop range"
                                                         : "constant";
      return v;
    }
    if (b && b->isComparisonOp()) return compare(b, how);
    return std::nullopt;
  }

  std::optional<bool> compare(const BinaryOperator* b, std::string& how) {
    if (!is_integer(b->getLHS()->getType()) || !is_integer(b->getRHS()->getType())) return std::nullopt;
    Evaluator el(ctx_, env_), er(ctx_, env_);
    const auto l = el.eval(b->getLHS()), r = er.eval(b->getRHS());
    if (!l || !r) return std::nullopt;
    if (l->cx == r->cx && l->cy == r->cy) {
      const auto v = compare_range(b->getOpcode(), l->lo - r->hi, l->hi - r->lo);
      if (v) how = "loop range";
      return v;
    }
    const int sign = trend(l->cx - r->cx, l->cy - r->cy);
    if (sign == 0) return std::nullopt;
    how = "interior";
    return compare_trend(b->getOpcode(), sign);
  }

  OperationCounts expr(const Expr* e) {
    if (!e || !reason_.empty()) return {};
    if (!e->isValueDependent() && e->isEvaluatable(ctx_)) return {};  // a constant: the device compiler folds it
    if (const auto r = reads_.find(e); r != reads_.end()) return image_read(*r->second);
    if (const auto* b = dyn_cast<BinaryOperator>(e)) return binary(b);
    if (const auto* u = dyn_cast<UnaryOperator>(e)) return unary(u);
    if (const auto* c = dyn_cast<ConditionalOperator>(e))
      return branch(c, "?:", c->getCond(), c->getTrueExpr(), c->getFalseExpr());
    if (const auto* c = dyn_cast<CastExpr>(e)) return conversion(c);
    if (const auto* c = dyn_cast<CallExpr>(e); c && !isa<CXXOperatorCallExpr>(c)) return call(c);
    if (const auto* s = dyn_cast<ArraySubscriptExpr>(e)) return subscript(s, true);
    return children(e);
  }

  OperationCounts image_read(const ImageAccess& r) {
    OperationCounts total = expr(r.x) + expr(r.y) + expr(r.z);
    total.image_reads += 1;
    total.reads_by_image[r.image] += 1;
    return total;
  }

  OperationCounts binary(const BinaryOperator* b) {
    if (b->isLogicalOp()) return logical(b);
    if (const auto w = writes_.find(b); w != writes_.end()) {
      const auto& acc = w->second->access;
      OperationCounts total = expr(acc.x) + expr(acc.y) + expr(acc.z) + expr(b->getRHS());
      total.image_writes += 1;
      return total;
    }
    // The target of `=` is only written; a compound assignment reads it too.
    const auto* target = dyn_cast<ArraySubscriptExpr>(b->getLHS()->IgnoreParens());
    OperationCounts total = b->getOpcode() == BO_Assign && target ? subscript(target, false) : expr(b->getLHS());
    total += expr(b->getRHS());
    auto op = b->getOpcode();
    QualType type = b->getType();
    if (const auto* ca = dyn_cast<CompoundAssignOperator>(b)) {
      op = BinaryOperator::getOpForCompoundAssignment(op);
      type = ca->getComputationResultType();
      // `int s; s += 0.5f * x`: s becomes float for the operation and its result an int again.
      if (is_float(ca->getComputationLHSType()) && is_integer(b->getLHS()->getType())) total.int_to_float += 1;
      if (is_float(type) && is_integer(b->getLHS()->getType())) total.float_to_int += 1;
    }
    if (!is_float(type)) return total;
    if (op == BO_Add || op == BO_Sub)
      total.fp32_add += 1;
    else if (op == BO_Mul)
      total.fp32_mul += 1;
    else if (op == BO_Div)
      total.fp32_other += 1;
    return total;
  }

  // ++/-- of a float is an addition; a unary minus folds into the instruction that uses it.
  OperationCounts unary(const UnaryOperator* u) {
    OperationCounts total = expr(u->getSubExpr());
    if (u->isIncrementDecrementOp() && is_float(u->getType())) total.fp32_add += 1;
    return total;
  }

  OperationCounts conversion(const CastExpr* c) {
    OperationCounts total = expr(c->getSubExpr());
    if (c->getCastKind() == CK_IntegralToFloating)
      total.int_to_float += 1;
    else if (c->getCastKind() == CK_FloatingToIntegral)
      total.float_to_int += 1;
    return total;
  }

  // The prelude's builtins: fma/mad, the conversions, and every other float builtin one operation.
  OperationCounts call(const CallExpr* c) {
    OperationCounts total = children(c);
    const auto* f = c->getDirectCallee();
    if (!f || !f->getIdentifier()) return total;
    const auto name = f->getName();
    const bool float_argument = f->getNumParams() > 0 && is_float(f->getParamDecl(0)->getType());
    if (name == "fma" || name == "mad")
      total.fp32_fma += 1;
    else if (name == "convert_float")
      total.int_to_float += 1;
    else if (name.startswith("convert_"))
      total.float_to_int += float_argument ? 1 : 0;
    else if (is_float(f->getReturnType()))
      total.fp32_other += 1;
    return total;
  }

  // An element of an array parameter or file-scope table (a load), `read` false for the target of `=`.
  OperationCounts subscript(const ArraySubscriptExpr* s, bool read) {
    OperationCounts total = expr(s->getBase()) + expr(s->getIdx());
    const Expr* base = s->getBase()->IgnoreParenImpCasts();
    while (const auto* inner = dyn_cast<ArraySubscriptExpr>(base)) base = inner->getBase()->IgnoreParenImpCasts();
    const auto* ref = dyn_cast<DeclRefExpr>(base);
    const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    const bool memory = var && (isa<ParmVarDecl>(var) || var->hasGlobalStorage());
    if (read && memory && !s->getType()->isArrayType()) total.array_reads += 1;  // m[i] of m[i][j] is no load
    return total;
  }

  ASTContext& ctx_;
  const Analysis& a_;
  std::map<const Expr*, const ImageAccess*> reads_;
  std::map<const Expr*, const ImageWrite*> writes_;
  Env env_;  // the fixed-range loop variables in scope
  std::vector<BranchCount> branches_;
  std::string reason_;
};

}  // namespace

KernelCounts count_operations(ASTContext& ctx, const Analysis& a) { return Counter(ctx, a).run(); }

}  // namespace filterlab::imagecl
