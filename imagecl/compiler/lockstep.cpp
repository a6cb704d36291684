#include "lockstep.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <set>
#include <string>
#include <vector>

namespace filterlab::imagecl {

using namespace clang;

namespace {

bool is_idy(const VarDecl* v) { return v && v->hasGlobalStorage() && v->getName() == "idy"; }

// Whether a statement or expression names idy or a row local.
bool per_row(const Stmt* s, const std::set<const VarDecl*>& rows) {
  if (!s) return false;
  if (const auto* d = dyn_cast<DeclRefExpr>(s)) {
    const auto* v = dyn_cast<VarDecl>(d->getDecl());
    return is_idy(v) || (v && rows.count(v));
  }
  if (const auto* ds = dyn_cast<DeclStmt>(s))
    for (const auto* d : ds->decls())
      if (const auto* v = dyn_cast<VarDecl>(d); v && (rows.count(v) || per_row(v->getInit(), rows))) return true;
  for (const Stmt* c : s->children())
    if (per_row(c, rows)) return true;
  return false;
}

// The locals a statement declares or assigns (=, op=, ++, --).
struct Targets : RecursiveASTVisitor<Targets> {
  std::vector<const VarDecl*> vars;
  void target(const Expr* e) {
    if (const auto* d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
      if (const auto* v = dyn_cast<VarDecl>(d->getDecl()); v && v->isLocalVarDecl()) vars.push_back(v);
  }
  bool VisitVarDecl(VarDecl* v) {
    if (v->isLocalVarDecl()) vars.push_back(v);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp()) target(b->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->isIncrementDecrementOp()) target(u->getSubExpr());
    return true;
  }
};

// The body's leaf statements (run once or per row) and its control expressions (run once).
struct Shape {
  std::vector<const Stmt*> leaves, controls;
  std::string reason;
  void walk(const Stmt* s) {
    if (!s || isa<NullStmt>(s) || isa<BreakStmt>(s) || isa<ContinueStmt>(s)) return;
    if (const auto* c = dyn_cast<CompoundStmt>(s)) {
      for (const Stmt* x : c->body()) walk(x);
    } else if (const auto* f = dyn_cast<ForStmt>(s)) {
      controls.insert(controls.end(), {f->getInit(), f->getCond(), f->getInc()});
      walk(f->getBody());
    } else if (const auto* w = dyn_cast<WhileStmt>(s)) {
      controls.push_back(w->getCond());
      walk(w->getBody());
    } else if (const auto* d = dyn_cast<DoStmt>(s)) {
      controls.push_back(d->getCond());
      walk(d->getBody());
    } else if (const auto* i = dyn_cast<IfStmt>(s)) {
      controls.insert(controls.end(), {i->getInit(), i->getCond()});
      walk(i->getThen());
      walk(i->getElse());
    } else if (isa<ReturnStmt>(s) || isa<SwitchStmt>(s) || isa<GotoStmt>(s) || isa<LabelStmt>(s)) {
      if (reason.empty()) reason = std::string("a ") + s->getStmtClassName() + " in the body";
    } else {
      leaves.push_back(s);
    }
  }
};

}  // namespace

void plan_lockstep(Analysis& a) {
  auto& p = a.simd;
  p.lockstep = false;
  p.row_locals = p.varying;
  p.row_statements.clear();
  Shape shape;
  shape.walk(a.kernel->getBody());
  p.lockstep_reason = shape.reason;
  // A statement that names idy or a row local runs per row; what it declares or assigns is a row local.
  for (bool changed = true; changed && p.lockstep_reason.empty();) {
    changed = false;
    for (const Stmt* s : shape.leaves) {
      if (!per_row(s, p.row_locals)) continue;
      Targets t;
      t.TraverseStmt(const_cast<Stmt*>(s));
      for (const auto* v : t.vars) changed = p.row_locals.insert(v).second || changed;
    }
  }
  for (const Stmt* c : shape.controls)
    if (p.lockstep_reason.empty() && per_row(c, p.row_locals))
      p.lockstep_reason = "a loop or branch condition depends on the output row";
  for (const Stmt* s : shape.leaves) {
    if (!p.lockstep_reason.empty()) break;
    if (!per_row(s, p.row_locals)) continue;
    p.row_statements.insert(s);
    if (const auto* ds = dyn_cast<DeclStmt>(s)) {
      const auto* v = ds->isSingleDecl() ? dyn_cast<VarDecl>(ds->getSingleDecl()) : nullptr;
      if (!v || v->getType()->isArrayType() || v->isStaticLocal())
        p.lockstep_reason = "a declaration of several, array or static locals that depend on the output row";
    }
  }
  // strips() names a row local's element by a macro of its name: no other variable may share it.
  struct Names : RecursiveASTVisitor<Names> {
    std::multiset<std::string> names;
    bool VisitVarDecl(VarDecl* v) {
      names.insert(v->getNameAsString());
      return true;
    }
  } names;
  names.TraverseDecl(const_cast<FunctionDecl*>(a.kernel));
  for (const auto* v : p.row_locals)
    if (p.lockstep_reason.empty() && names.names.count(v->getNameAsString()) > 1)
      p.lockstep_reason = "two variables named " + v->getNameAsString();
  p.lockstep = p.lockstep_reason.empty();
  if (!p.lockstep) p.row_statements.clear(), p.row_locals.clear();
}

}  // namespace filterlab::imagecl
