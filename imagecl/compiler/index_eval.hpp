#pragma once
// Constant propagation for Image indices: an integer expression as coeff_x * idx + coeff_y * idy
// + c, where c ranges over an interval of constants [lo, hi] (the values a fixed-range loop
// variable takes, `const` locals, literals), computed arithmetically: a loop of 10^8 iterations
// costs no more than one of 3. What decides stencils and local-memory eligibility. Every value
// must fit the kernel's int: one that does not is an overflow, reported with its location.
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace filterlab::imagecl {

struct Affine {
  long cx = 0, cy = 0;
  long lo = 0, hi = 0;  // the constant part takes values in [lo, hi]
  bool single() const { return lo == hi; }
};

// The loop variables in scope, each with the interval of values it takes.
using Env = std::map<const clang::VarDecl*, std::pair<long, long>>;

class Evaluator {
 public:
  Evaluator(clang::ASTContext& ctx, const Env& env) : ctx_(ctx), env_(env) {}
  // Nothing when the expression is outside the form; `problem` then says where and why.
  std::optional<Affine> eval(const clang::Expr* e);
  std::string problem;
  bool overflow = false;  // `problem` is a value outside int (an error, not only a limit of the analysis)

 private:
  void fail(const clang::Expr* e, const std::string& why);
  std::optional<Affine> var(const clang::DeclRefExpr* ref);
  std::optional<Affine> checked(Affine a, bool ok, const clang::Expr* e);
  std::optional<Affine> scale(const Affine& a, long k, const clang::Expr* e);
  std::optional<Affine> combine(const Affine& l, const Affine& r, const clang::Expr* e);
  std::optional<Affine> multiply(const Affine& l, const Affine& r, const clang::Expr* e);
  clang::ASTContext& ctx_;
  const Env& env_;
};

}  // namespace filterlab::imagecl
