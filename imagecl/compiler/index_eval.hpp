#pragma once
// Constant propagation for Image indices: an integer expression as coeff_x * idx + coeff_y * idy
// + c, where c ranges over a set of constants (the values a fixed-range loop variable takes,
// `const` locals, literals). What decides stencils and local-memory eligibility.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace filterlab::imagecl {

struct Affine {
  long cx = 0, cy = 0;
  std::vector<long> c;
};

// The loop variables in scope, each with the values it takes.
using Env = std::map<const clang::VarDecl*, std::vector<long>>;

class Evaluator {
 public:
  Evaluator(clang::ASTContext& ctx, const Env& env) : ctx_(ctx), env_(env) {}
  // Nothing when the expression is outside the form; `problem` then says where and why.
  std::optional<Affine> eval(const clang::Expr* e);
  std::string problem;

 private:
  void fail(const clang::Expr* e, const std::string& why);
  std::optional<Affine> var(const clang::DeclRefExpr* ref);
  std::optional<Affine> combine(const Affine& l, const Affine& r, const clang::Expr* e);
  std::optional<Affine> multiply(const Affine& l, const Affine& r, const clang::Expr* e);
  clang::ASTContext& ctx_;
  const Env& env_;
};

}  // namespace filterlab::imagecl
