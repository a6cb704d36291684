#include "cxx_only.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace filterlab::imagecl {
namespace {

using namespace clang;

class CxxOnlyScan : public RecursiveASTVisitor<CxxOnlyScan> {
 public:
  CxxOnlyScan(ASTContext& ctx, Reporter& rep, const FunctionDecl* kernel) : ctx_(ctx), rep_(rep), kernel_(kernel) {}

  bool VisitCXXNullPtrLiteralExpr(CXXNullPtrLiteralExpr* e) {
    return say(e->getBeginLoc(), "'nullptr' is C++, not OpenCL C: use 0");
  }
  bool VisitCXXNamedCastExpr(CXXNamedCastExpr* e) {
    return say(e->getBeginLoc(), "'" + std::string(e->getCastName()) + "' is C++, not OpenCL C: use a C cast, (" +
                                     e->getTypeAsWritten().getAsString(ctx_.getPrintingPolicy()) + ")(value)");
  }
  bool VisitCXXFunctionalCastExpr(CXXFunctionalCastExpr* e) {
    const auto t = e->getTypeAsWritten().getAsString(ctx_.getPrintingPolicy());
    return say(e->getBeginLoc(),
               "the cast '" + t + "(value)' (or " + t + "{value}) is C++, not OpenCL C: use (" + t + ")(value)");
  }
  bool VisitLambdaExpr(LambdaExpr* e) {
    say(e->getBeginLoc(), "lambdas are C++, not OpenCL C: write the code inline or as a #define macro");
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr* e) { return WalkUpFromLambdaExpr(e); }  // one error, not one per statement inside
  bool VisitCXXNewExpr(CXXNewExpr* e) {
    return say(e->getBeginLoc(), "'new' is C++: OpenCL C has no dynamic memory; use a fixed-size array");
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr* e) {
    return say(e->getBeginLoc(), "'delete' is C++: OpenCL C has no dynamic memory");
  }
  bool VisitCXXThrowExpr(CXXThrowExpr* e) {
    return say(e->getBeginLoc(), "'throw' is C++: OpenCL C has no exceptions");
  }
  bool VisitCXXTryStmt(CXXTryStmt* s) { return say(s->getBeginLoc(), "'try' is C++: OpenCL C has no exceptions"); }
  bool VisitCXXThisExpr(CXXThisExpr* e) { return say(e->getBeginLoc(), "'this' is C++"); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt* s) {
    return say(s->getBeginLoc(), "a range-based for loop is C++: write for (int i = 0; i < N; i++)");
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr* e) { return say(e->getBeginLoc(), "'typeid' is C++"); }
  bool VisitDecltypeTypeLoc(DecltypeTypeLoc tl) {
    return say(tl.getBeginLoc(), "'decltype' is C++, not OpenCL C: write the type");
  }
  bool VisitAttributedStmt(AttributedStmt* s) {
    for (const auto* a : s->getAttrs())
      if (a->isCXX11Attribute()) say(s->getBeginLoc(), "[[attributes]] are C++, not OpenCL C: remove them");
    return true;
  }
  bool VisitStringLiteral(StringLiteral* e) {
    return say(e->getBeginLoc(),
               "string literals cannot be used in a kernel (OpenCL C puts them in __constant memory, "
               "and a kernel has nothing to print them with)");
  }
  bool VisitUserDefinedLiteral(UserDefinedLiteral* e) { return say(e->getBeginLoc(), "user-defined literals are C++"); }
  bool VisitIntegerLiteral(IntegerLiteral* e) { return literal(e->getBeginLoc()); }
  bool VisitFloatingLiteral(FloatingLiteral* e) { return literal(e->getBeginLoc()); }
  // C lvalues only: in C++ ++i, (c ? a : b) and (a = b) can be assigned to; OpenCL C rejects it.
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp()) assignable(b->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) assignable(u->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr* c) {
    const auto* f = c->getDirectCallee();
    if (f && kernel_ && f->getCanonicalDecl() == kernel_->getCanonicalDecl())
      say(c->getBeginLoc(),
          (kernel_->hasAttr<AnnotateAttr>() ? std::string("the kernel") : "'" + kernel_->getNameAsString() + "'") +
              " cannot call itself: OpenCL C has no recursion; write a loop");
    return true;
  }
  bool VisitDeclStmt(DeclStmt* s) {
    for (const auto* d : s->decls())
      if (!isa<VarDecl>(d))
        say(d->getLocation(),
            "only variables may be declared in a kernel body (no struct, enum, typedef or using): "
            "use #define for names of types or constants");
    return true;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (isa<ParmVarDecl>(v)) return true;
    const auto n = v->getNameAsString();
    for (const auto* a : v->attrs())
      if (a->isCXX11Attribute() || a->isAlignasAttribute())
        say(a->getLocation(),
            "C++ attributes and alignas are not OpenCL C: use __attribute__((aligned(N))) or remove them");
    if (const auto* tsi = v->getTypeSourceInfo())
      for (auto tl = tsi->getTypeLoc().getAs<ArrayTypeLoc>(); tl; tl = tl.getElementLoc().getAs<ArrayTypeLoc>())
        if (const auto* global = file_scope_ref(tl.getSizeExpr()))
          say(tl.getSizeExpr()->getBeginLoc(),
              "the size of '" + n + "' uses the file-scope constant '" + global->getNameAsString() +
                  "', which is a __constant variable in OpenCL C, not a constant expression: "
                  "#define " +
                  global->getNameAsString() + " instead");
    if (v->getType()->isReferenceType())
      say(v->getLocation(),
          "'" + n + "' is a reference, which is C++, not OpenCL C: use a plain variable (T " + n + " = value;)");
    else if (v->getType()->getContainedAutoType())
      say(v->getLocation(), "'auto' is C++, not OpenCL C: write the type of '" + n + "'");
    else if (v->isConstexpr())
      say(v->getLocation(), "'constexpr' is C++, not OpenCL C: use const");
    else if (v->isStaticLocal())
      say(v->getLocation(),
          "static local variables are not allowed in an OpenCL C kernel: use a file-scope const table or a local");
    else if (v->getInitStyle() == VarDecl::ListInit)
      say(v->getLocation(), "brace initialisation '" + n + "{...}' is C++, not OpenCL C: write '" + n +
                                " = value' (arrays: '" + n + "[N] = {...}')");
    else if (v->getInitStyle() == VarDecl::CallInit && v->getInit() && !isa<CXXConstructExpr>(v->getInit()))
      say(v->getLocation(),
          "constructor initialisation '" + n + "(...)' is C++, not OpenCL C: write '" + n + " = value'");
    return true;
  }

 private:
  // Digit separators (1'000) are C++14.
  bool literal(SourceLocation loc) {
    const auto& sm = ctx_.getSourceManager();
    const auto text =
        Lexer::getSourceText(CharSourceRange::getTokenRange(sm.getExpansionLoc(loc)), sm, ctx_.getLangOpts());
    if (text.contains('\''))
      say(loc, "the digit separator in " + text.str() + " is C++, not OpenCL C: remove the quotes");
    return true;
  }
  void assignable(const Expr* e) {
    e = e->IgnoreParens();
    if (isa<DeclRefExpr>(e) || isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e) || isa<CXXOperatorCallExpr>(e)) return;
    if (isa<ExtVectorElementExpr>(e)) return;  // lanes of a vector: v.x = 1, v.xy = w (Clang checks the base)
    if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) return;
    say(e->getBeginLoc(),
        "this expression can be assigned to (or incremented, or have its address taken) in C++ but not in "
        "OpenCL C: assign to a variable, an array element or an Image pixel");
  }
  // A file-scope variable named in `e` (the ImageCL tables), or nothing.
  static const VarDecl* file_scope_ref(const Stmt* e) {
    if (!e) return nullptr;
    if (const auto* r = dyn_cast<DeclRefExpr>(e))
      if (const auto* v = dyn_cast<VarDecl>(r->getDecl());
          v && v->isFileVarDecl() && v->getName() != "idx" && v->getName() != "idy")
        return v;
    for (const auto* child : e->children())
      if (const auto* v = file_scope_ref(child)) return v;
    return nullptr;
  }
  bool say(SourceLocation loc, const std::string& msg) {
    rep_.error(loc, msg);
    return true;
  }
  ASTContext& ctx_;
  Reporter& rep_;
  const FunctionDecl* kernel_;
};

}  // namespace

void reject_cxx_only(ASTContext& ctx, Reporter& rep, const FunctionDecl* kernel,
                     const std::vector<const VarDecl*>& tables) {
  CxxOnlyScan scan(ctx, rep, kernel);
  scan.TraverseStmt(kernel->getBody());
  for (const auto* t : tables) scan.TraverseDecl(const_cast<VarDecl*>(t));
}

}  // namespace filterlab::imagecl
