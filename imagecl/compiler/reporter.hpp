#pragma once
// The compiler's own errors and notes, through Clang's diagnostics so that they print as Clang's
// do: file:line:column: error: reason, with the source line.
#include <clang/Basic/Diagnostic.h>

#include <string>

namespace filterlab::imagecl {

class Reporter {
 public:
  explicit Reporter(clang::DiagnosticsEngine& d)
      : d_(d),
        error_(d.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")),
        note_(d.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0")) {}
  void error(clang::SourceLocation loc, const std::string& msg) { d_.Report(loc, error_) << msg; }
  void note(clang::SourceLocation loc, const std::string& msg) { d_.Report(loc, note_) << msg; }
  bool failed() const { return d_.hasErrorOccurred(); }

 private:
  clang::DiagnosticsEngine& d_;
  unsigned error_, note_;
};

}  // namespace filterlab::imagecl
