#include "simd.hpp"

#include "lockstep.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace filterlab::imagecl {

using namespace clang;

std::string simd_scalar_name(QualType t) {
  return scalar_name(t.getNonReferenceType().getUnqualifiedType()).value_or("");
}

std::string simd_widened_from(const Expr* e) {
  for (;;) {
    e = e->IgnoreParens();
    const auto* c = dyn_cast<ImplicitCastExpr>(e);
    if (!c) break;
    const auto k = c->getCastKind();
    const bool widening = k == CK_IntegralCast && simd_scalar_name(c->getType()).size() &&
                          (simd_scalar_name(c->getType()) == "int" || simd_scalar_name(c->getType()) == "uint");
    if (k != CK_LValueToRValue && k != CK_NoOp && !widening) break;
    e = c->getSubExpr();
  }
  return simd_scalar_name(e->getType());
}

namespace {

bool is_idx(const Expr* e) {
  const auto* d = dyn_cast<DeclRefExpr>(e);
  if (!d) return false;
  const auto* v = dyn_cast<VarDecl>(d->getDecl());
  return v && v->hasGlobalStorage() && v->getName() == "idx";
}

// Whether an expression differs between lanes, memoised per fixed-point round.
class Lanes {
 public:
  explicit Lanes(const std::set<const VarDecl*>& varying) : varying_(varying) {}
  bool operator()(const Stmt* s) {
    if (!s) return false;
    if (auto it = memo_.find(s); it != memo_.end()) return it->second;
    bool v = false;
    if (const auto* e = dyn_cast<Expr>(s); e && is_idx(e)) {
      v = true;
    } else if (const auto* d = dyn_cast<DeclRefExpr>(s)) {
      const auto* var = dyn_cast<VarDecl>(d->getDecl());
      v = var && varying_.count(var);
    } else {
      for (const Stmt* c : s->children())
        if ((*this)(c)) {
          v = true;
          break;
        }
    }
    memo_[s] = v;
    return v;
  }

 private:
  const std::set<const VarDecl*>& varying_;
  std::unordered_map<const Stmt*, bool> memo_;
};

// The locals a varying value reaches, to a fixed point: initialisers and assignments.
class Reach : public RecursiveASTVisitor<Reach> {
 public:
  Reach(std::set<const VarDecl*>& varying, Lanes& lanes) : varying_(varying), lanes_(lanes) {}
  bool changed = false;
  bool VisitDeclStmt(DeclStmt* s) {
    bool any = false;
    for (const auto* d : s->decls())
      if (const auto* v = dyn_cast<VarDecl>(d))
        any = any || varying_.count(v) || (v->getInit() && lanes_(v->getInit()));
    if (any)  // the declarators share one type specifier: all of them hold lanes
      for (const auto* d : s->decls())
        if (const auto* v = dyn_cast<VarDecl>(d)) mark(v);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && lanes_(b->getRHS()))
      if (const auto* v = target(b->getLHS())) mark(v);
    return true;
  }

 private:
  // The local an assignment writes: `v = ...` or `arr[i] = ...`.
  static const VarDecl* target(const Expr* lhs) {
    lhs = lhs->IgnoreParenImpCasts();
    while (const auto* a = dyn_cast<ArraySubscriptExpr>(lhs)) lhs = a->getBase()->IgnoreParenImpCasts();
    const auto* d = dyn_cast<DeclRefExpr>(lhs);
    const auto* v = d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
    return v && v->hasLocalStorage() ? v : nullptr;
  }
  void mark(const VarDecl* v) {
    if (varying_.insert(v).second) changed = true;
  }
  std::set<const VarDecl*>& varying_;
  Lanes& lanes_;
};

// Builtins whose vector form differs from N scalar calls: relational results are -1/0 per lane
// (1/0 as scalars), and the rest take or give whole vectors.
bool lane_differs(const std::string& name) {
  static const std::set<std::string> names{"isnan",       "isinf",         "isfinite",  "isnormal",       "signbit",
                                           "isequal",     "isnotequal",    "isgreater", "isgreaterequal", "isless",
                                           "islessequal", "islessgreater", "isordered", "isunordered",    "any",
                                           "all",         "select",        "bitselect", "shuffle",        "shuffle2",
                                           "dot",         "cross",         "length",    "distance",       "normalize"};
  return names.count(name) > 0;
}

// The checks: every construct the promotion cannot keep lane-exact stops it with a reason.
class Scan : public RecursiveASTVisitor<Scan> {
 public:
  Scan(ASTContext& ctx, const Analysis& a, Lanes& lanes) : ctx_(ctx), a_(a), lanes_(lanes) {
    const auto& sm = ctx.getSourceManager();
    const auto span = [&](const Expr* e) {
      return std::make_pair(sm.getFileOffset(sm.getSpellingLoc(e->getBeginLoc())),
                            sm.getFileOffset(sm.getSpellingLoc(e->getEndLoc())));
    };
    for (const auto& r : a.reads) x_spans_.push_back(span(r.x));
    for (const auto& w : a.writes) x_spans_.push_back(span(w.access.x));
  }
  std::string reason;

  bool VisitIfStmt(IfStmt* s) { return branch(s->getCond(), "an if"); }
  bool VisitWhileStmt(WhileStmt* s) { return branch(s->getCond(), "a while loop"); }
  bool VisitDoStmt(DoStmt* s) { return branch(s->getCond(), "a do loop"); }
  bool VisitForStmt(ForStmt* s) {
    if (const auto* d = dyn_cast_or_null<DeclStmt>(s->getInit()))
      for (const auto* v : d->decls())
        if (const auto* var = dyn_cast<VarDecl>(v); var && a_.simd.varying.count(var))
          return fail(s, "a loop variable takes per-pixel values");
    return branch(s->getCond(), "a for loop");
  }
  bool VisitSwitchStmt(SwitchStmt* s) { return branch(s->getCond(), "a switch"); }
  bool VisitConditionalOperator(ConditionalOperator* c) {
    return lanes_(c) ? fail(c, "?: on per-pixel values (write the arithmetic without it)") : true;
  }
  bool VisitBinaryConditionalOperator(BinaryConditionalOperator* c) {
    return lanes_(c) ? fail(c, "?: on per-pixel values") : true;
  }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if ((b->isComparisonOp() || b->isLogicalOp()) && lanes_(b))
      return fail(b, "a comparison or logical operator on per-pixel values (vector lanes give -1, not 1)");
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator* c) {
    const auto same = [&](QualType t) {
      return ctx_.hasSameUnqualifiedType(t.getCanonicalType(), c->getLHS()->getType().getCanonicalType());
    };
    if (lanes_(c) && (!same(c->getComputationLHSType()) || !same(c->getComputationResultType())))
      return fail(c,
                  "a compound assignment that converts its target (int += float): write v = v + x with the "
                  "conversion you mean");
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    const auto op = u->getOpcode();
    if ((op == UO_LNot || op == UO_AddrOf || op == UO_Deref) && lanes_(u->getSubExpr()))
      return fail(u, "'!', '&' or '*' on a per-pixel value");
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr* s) {
    return lanes_(s->getIdx()) ? fail(s, "an array index that differs between pixels (a gather)") : true;
  }
  bool VisitDeclRefExpr(DeclRefExpr* d) {
    if (!is_idx(d)) return true;
    const auto& sm = ctx_.getSourceManager();
    const auto at = sm.getFileOffset(sm.getSpellingLoc(d->getBeginLoc()));
    const bool in_x =
        std::any_of(x_spans_.begin(), x_spans_.end(), [&](const auto& s) { return s.first <= at && at <= s.second; });
    return in_x ? true : fail(d, "idx used other than in an Image's column index");
  }
  bool VisitCallExpr(CallExpr* c) {
    if (isa<CXXOperatorCallExpr>(c) || isa<CXXMemberCallExpr>(c)) return true;  // Image subscripts, sizes
    bool any = false;
    for (const auto* arg : c->arguments()) any = any || lanes_(arg);
    if (!any) return true;
    const auto* f = c->getDirectCallee();
    if (!f) return fail(c, "an indirect call");
    if (std::any_of(a_.helpers.begin(), a_.helpers.end(),
                    [&](const FunctionDecl* h) { return h->getCanonicalDecl() == f->getCanonicalDecl(); }))
      return fail(c, "a helper function called with per-pixel values (helpers take scalars)");
    const std::string name = f->getNameAsString();
    if (lane_differs(name)) return fail(c, "'" + name + "' on per-pixel values (its vector form differs)");
    if (c->getNumArgs() != f->getNumParams()) return fail(c, "a call with a variable argument list");
    if (simd_scalar_name(c->getType()).empty()) return fail(c, "'" + name + "' gives a type lanes cannot hold");
    for (unsigned i = 0; i < f->getNumParams(); ++i)
      if (simd_scalar_name(f->getParamDecl(i)->getType()).empty() &&
          !f->getParamDecl(i)->getType()->isSpecificBuiltinType(BuiltinType::Double))
        return fail(c, "'" + name + "' takes a type lanes cannot hold");
    return true;
  }
  bool VisitCastExpr(CastExpr* c) {
    if (!lanes_(c->getSubExpr()) || c->getType()->isRecordType()) return true;  // record: inside img[x][y]
    switch (c->getCastKind()) {
      case CK_LValueToRValue:
      case CK_NoOp:
      case CK_IntegralCast:
      case CK_IntegralToFloating:
      case CK_FloatingToIntegral:
      case CK_FloatingCast:
        break;
      case CK_ArrayToPointerDecay:
        if (isa<ArraySubscriptExpr>(parent(c))) return true;  // arr[i] on a local array of lanes
        [[fallthrough]];
      default:
        return fail(c, "a conversion lanes cannot make (to bool, a pointer or another kind)");
    }
    if (simd_scalar_name(c->getType()).empty()) return fail(c, "a conversion to a type lanes cannot hold");
    return true;
  }
  bool VisitExpr(Expr* e) {
    if (!lanes_(e) || isa<CallExpr>(e) || isa<ImplicitCastExpr>(e)) return true;
    const QualType t = e->getType();
    if (t->isConstantArrayType()) return true;  // a local array of lanes, indexed
    if (t->isRecordType()) return true;         // an Image's column proxy inside img[x][y]
    if (isa<DeclRefExpr>(e) && is_idx(e)) return true;
    return simd_scalar_name(t).empty() ? fail(e, "a per-pixel value of type '" + t.getAsString() +
                                                     "' (lanes hold float and the 8- to 32-bit integers)")
                                       : true;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (!a_.simd.varying.count(v)) return true;
    QualType t = v->getType();
    if (const auto* arr = ctx_.getAsConstantArrayType(t)) t = arr->getElementType();
    if (!v->hasLocalStorage() || v->isStaticLocal()) return fail(v->getLocation(), "a static local holds lanes");
    if (simd_scalar_name(t).empty())
      return fail(v->getLocation(), "local '" + v->getNameAsString() + "' would hold lanes of a type they cannot hold");
    return true;
  }

 private:
  bool branch(const Expr* cond, const char* what) {
    return cond && lanes_(cond) ? fail(cond, std::string(what) + " on a per-pixel value (lanes would diverge)") : true;
  }
  const Stmt* parent(const Stmt* s) {
    const auto p = ctx_.getParents(*s);
    return p.empty() ? nullptr : p[0].get<Stmt>();
  }
  bool fail(const Stmt* s, const std::string& why) { return fail(s->getBeginLoc(), why); }
  bool fail(SourceLocation l, const std::string& why) {
    if (reason.empty()) {
      const auto& sm = ctx_.getSourceManager();
      const auto p = sm.getPresumedLoc(sm.getSpellingLoc(l));
      reason = (p.isValid() ? std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn()) + ": " : "") + why;
    }
    return false;  // stop at the first reason
  }
  ASTContext& ctx_;
  const Analysis& a_;
  Lanes& lanes_;
  std::vector<std::pair<unsigned, unsigned>> x_spans_;
};

// The kernel-level conditions, before the body is scanned.
std::string kernel_reason(const Analysis& a) {
  const auto& m = a.model;
  if (m.grid_dims != 2 || m.grid_image.empty()) return "the grid is not one 2-D Image's";
  if (a.uses_vectors) return "the kernel uses vector types";
  for (const auto& img : m.images) {
    if (img.dims != 2 && (img.read || img.written)) return "Image " + img.name + " is 3-D";
    if ((img.read || img.written) && simd_scalar_name_of(img.pixel).empty())
      return "Image " + img.name + " has " + img.pixel + " pixels";
    if (img.read && !img.stencil_known) return "Image " + img.name + "'s stencil is unknown: " + img.stencil_problem;
    if (img.written && !img.writes_at_thread) return "Image " + img.name + " is written away from (idx, idy)";
  }
  for (const auto& w : a.writes) {
    const auto* x = w.access.x->IgnoreParenImpCasts();
    const auto* y = w.access.y->IgnoreParenImpCasts();
    const auto* yd = dyn_cast<DeclRefExpr>(y);
    if (!is_idx(x) || !yd || yd->getDecl()->getName() != "idy")
      return "a write of " + w.access.image + " is not at [idx][idy]";
  }
  return "";
}

}  // namespace

void plan_simd(ASTContext& ctx, Analysis& a) {
  auto& plan = a.simd;
  plan = SimdPlan{};
  auto& m = a.model;
  m.simd_eligible = m.simd_rounds = m.simd_widens = m.simd_lockstep = false;
  plan.reason = kernel_reason(a);
  auto* body = const_cast<Stmt*>(a.kernel->getBody());
  if (plan.reason.empty()) {
    for (bool changed = true; changed;) {
      Lanes lanes(plan.varying);
      Reach reach(plan.varying, lanes);
      reach.TraverseStmt(body);
      changed = reach.changed;
    }
    Lanes lanes(plan.varying);
    Scan scan(ctx, a, lanes);
    scan.TraverseStmt(body);
    plan.reason = scan.reason;
    for (const auto& r : a.reads)
      if (plan.reason.empty() && lanes(r.y)) plan.reason = "a row index of " + r.image + " differs between pixels";
  }
  plan.eligible = plan.reason.empty();
  m.simd_eligible = plan.eligible;
  m.simd_reason = plan.reason;
  if (!plan.eligible) {
    plan.varying.clear();
    return;
  }
  // What the fast conversions replace: rounding to uchar/ushort, widening 8/16-bit unsigned lanes.
  struct Conversions : RecursiveASTVisitor<Conversions> {
    explicit Conversions(const Analysis& an) : a(an) {}
    const Analysis& a;
    bool rounds = false, widens = false;
    bool VisitCallExpr(CallExpr* c) {
      const auto* f = c->getDirectCallee();
      if (f && f->getIdentifier() && c->getNumArgs() == 1 && simd_varying(a, c->getArg(0))) {
        const auto n = f->getName();
        rounds = rounds || n == "convert_uchar_sat_rte" || n == "convert_ushort_sat_rte";
      }
      return true;
    }
    bool VisitCastExpr(CastExpr* c) {
      if (c->getCastKind() == CK_IntegralToFloating && simd_varying(a, c->getSubExpr())) {
        const auto from = simd_widened_from(c->getSubExpr());
        widens = widens || from == "uchar" || from == "ushort";
      }
      return true;
    }
  } conversions(a);
  conversions.TraverseStmt(body);
  m.simd_rounds = conversions.rounds;
  m.simd_widens = conversions.widens;
  plan_lockstep(a);
  m.simd_lockstep = plan.lockstep;
}

std::string simd_scalar_name_of(const std::string& t) {
  static const std::set<std::string> names{"float", "int", "uint", "short", "ushort", "char", "uchar"};
  return names.count(t) ? t : "";
}

bool simd_varying(const Analysis& a, const Expr* e) {
  Lanes lanes(a.simd.varying);
  return lanes(e);
}

}  // namespace filterlab::imagecl
