#include "pragmas.hpp"

#include <algorithm>
#include <cctype>

namespace filterlab::imagecl {
namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

void skip_line(clang::Preprocessor& pp) {
  clang::Token tok;
  for (pp.LexUnexpandedToken(tok); tok.isNot(clang::tok::eod) && tok.isNot(clang::tok::eof);
       pp.LexUnexpandedToken(tok)) {
  }
}

}  // namespace

// Reads `keyword ( a , b , c )` up to the end of the line. A malformed line is kept with the
// keyword "?" and its text as the only argument; the analysis reports it at its location.
void PragmaCollector::HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer, clang::Token& first) {
  PragmaDirective d;
  d.loc = first.getLocation();
  std::vector<std::string> tokens;
  clang::Token tok;
  for (pp.LexUnexpandedToken(tok); tok.isNot(clang::tok::eod) && tok.isNot(clang::tok::eof); pp.LexUnexpandedToken(tok))
    tokens.push_back(pp.getSpelling(tok));
  std::string all;
  // Unexpanded: the prelude defines OpenCL words such as `constant` away, but not in pragmas.
  for (const auto& t : tokens) all += t + " ";
  const bool shaped = tokens.size() >= 3 && tokens[1] == "(" && tokens.back() == ")";
  if (!shaped) {
    d.keyword = "?";
    d.args = {all};
    out_.push_back(d);
    return;
  }
  d.keyword = tokens[0];
  std::string cur;
  for (std::size_t i = 2; i + 1 < tokens.size(); ++i) {
    if (tokens[i] == ",") {
      d.args.push_back(cur);
      cur.clear();
    } else {
      cur += tokens[i];
    }
  }
  d.args.push_back(cur);
  out_.push_back(d);
}

void UnknownPragma::HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer, clang::Token&) { skip_line(pp); }

void PragmaChecker::PragmaDirective(clang::SourceLocation loc, clang::PragmaIntroducerKind introducer) {
  if (introducer != clang::PIK_HashPragma) return;
  const auto& sm = pp_.getSourceManager();
  if (!loc.isFileID()) return;
  // The text after "#pragma": its first word is the namespace.
  const auto data = sm.getBufferData(sm.getFileID(loc));
  std::size_t at = sm.getFileOffset(loc);
  at = data.find("pragma", at);
  if (at == llvm::StringRef::npos) return;
  at = data.find_first_not_of(" \t", at + 6);
  std::size_t end = at;
  while (end < data.size() && (std::isalnum(static_cast<unsigned char>(data[end])) || data[end] == '_')) ++end;
  const std::string name = at < data.size() ? data.substr(at, end - at).str() : std::string();
  if (name == "imagecl" || name == "imcl") return;
  std::string msg =
      "'#pragma " + name +
      "' is not an ImageCL pragma: ImageCL pragmas read '#pragma imagecl ...' (or the "
      "authors' '#pragma imcl ...'); the compiler chooses unrolling and memory itself (#pragma imagecl force(...))";
  for (const char* known : {"imagecl", "imcl"})
    if (!name.empty() && edit_distance(name, known) <= 2) {
      msg = "unknown pragma '" + name + "': did you mean '#pragma " + known + "'?";
      break;
    }
  auto& diags = pp_.getDiagnostics();
  diags.Report(loc.getLocWithOffset(static_cast<int>(at - sm.getFileOffset(loc))),
               diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
      << msg;
}

}  // namespace filterlab::imagecl
