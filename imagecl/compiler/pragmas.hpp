#pragma once
// `#pragma imagecl ...` lines as Clang's preprocessor sees them: collected raw (tokens with their
// locations) and parsed into directives once the AST exists, so errors carry file:line:column.
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>
#include <string>
#include <vector>

namespace filterlab::imagecl {

struct PragmaDirective {
  clang::SourceLocation loc;
  std::string keyword;            // grid, boundary, bound, force
  std::vector<std::string> args;  // the comma-separated arguments, tokens joined
};

class PragmaCollector : public clang::PragmaHandler {
 public:
  explicit PragmaCollector(std::vector<PragmaDirective>& out) : clang::PragmaHandler("imagecl"), out_(out) {}
  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer introducer, clang::Token& first) override;

 private:
  std::vector<PragmaDirective>& out_;
};

}  // namespace filterlab::imagecl
