#include "pragmas.hpp"

namespace filterlab::imagecl {

// Reads `keyword ( a , b , c )` up to the end of the line. A malformed line is kept with the
// keyword "?" and its text as the only argument; the analysis reports it at its location.
void PragmaCollector::HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer, clang::Token& first) {
  PragmaDirective d;
  d.loc = first.getLocation();
  std::vector<std::string> tokens;
  clang::Token tok;
  for (pp.LexUnexpandedToken(tok); tok.isNot(clang::tok::eod) && tok.isNot(clang::tok::eof); pp.LexUnexpandedToken(tok)) tokens.push_back(pp.getSpelling(tok));
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

}  // namespace filterlab::imagecl
