#pragma once
// `#pragma imagecl ...` (and the authors' `#pragma imcl ...`) lines as Clang's preprocessor sees
// them: collected raw (tokens with their locations) and parsed into directives once the AST
// exists, so errors carry file:line:column. Any other pragma is an error at once: a misspelled
// namespace must not be dropped in silence (the kernel would compile without its boundary).
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>

#include <string>
#include <vector>

namespace filterlab::imagecl {

struct PragmaDirective {
  clang::SourceLocation loc;
  std::string keyword;            // grid, boundary, boundary_cond, bound, force
  std::vector<std::string> args;  // the comma-separated arguments, tokens joined
};

class PragmaCollector : public clang::PragmaHandler {
 public:
  PragmaCollector(const char* name, std::vector<PragmaDirective>& out) : clang::PragmaHandler(name), out_(out) {}
  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer introducer, clang::Token& first) override;

 private:
  std::vector<PragmaDirective>& out_;
};

// Registered under the empty name: Clang hands it every pragma no other handler claims; it
// skips the line (PragmaChecker has reported it).
class UnknownPragma : public clang::PragmaHandler {
 public:
  UnknownPragma() : clang::PragmaHandler("") {}
  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer introducer, clang::Token& first) override;
};

// Sees every #pragma line before any handler (Clang's own included: once, omp, unroll, GCC ...)
// and reports those that are not ImageCL's, with a suggestion for a misspelled namespace.
class PragmaChecker : public clang::PPCallbacks {
 public:
  explicit PragmaChecker(clang::Preprocessor& pp) : pp_(pp) {}
  void PragmaDirective(clang::SourceLocation loc, clang::PragmaIntroducerKind introducer) override;

 private:
  clang::Preprocessor& pp_;
};

}  // namespace filterlab::imagecl
