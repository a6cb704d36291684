#include "preexpand.hpp"

#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>

#include <cctype>
#include <cstring>
#include <map>
#include <regex>
#include <vector>

#include "clang_run.hpp"
#include "limits.hpp"

namespace filterlab::imagecl {
namespace {

using namespace clang;

// Byte ranges of the main file: top-level macro calls and the blocks #if skipped.
struct Ranges {
  std::map<unsigned, unsigned> calls;  // begin -> end (one past the last character)
  std::vector<std::pair<unsigned, unsigned>> skipped;
};

class Recorder : public PPCallbacks {
 public:
  Recorder(SourceManager& sm, const LangOptions& lo, Ranges& r) : sm_(sm), lo_(lo), r_(r) {}
  void MacroExpands(const Token&, const MacroDefinition&, SourceRange range, const MacroArgs*) override {
    if (!range.getBegin().isFileID() || !sm_.isInMainFile(range.getBegin())) return;
    const unsigned b = sm_.getFileOffset(range.getBegin());
    const unsigned e = sm_.getFileOffset(range.getEnd()) + Lexer::MeasureTokenLength(range.getEnd(), sm_, lo_);
    r_.calls[b] = e;
  }
  void SourceRangeSkipped(SourceRange range, SourceLocation) override {
    if (!sm_.isInMainFile(range.getBegin())) return;
    r_.skipped.emplace_back(sm_.getFileOffset(range.getBegin()), sm_.getFileOffset(range.getEnd()));
  }

 private:
  SourceManager& sm_;
  const LangOptions& lo_;
  Ranges& r_;
};

// `#pragma imagecl ...` and `#pragma imcl ...` with the user's macros expanded in the arguments
// (grid(W, H) with #define W 640): from the namespace word to the end of the line, by offset.
struct PragmaText {
  unsigned end = 0;
  std::string text;
};
class ExpandingPragma : public PragmaHandler {
 public:
  ExpandingPragma(const char* name, std::map<unsigned, PragmaText>& out) : PragmaHandler(name), out_(out) {}
  void HandlePragma(Preprocessor& pp, PragmaIntroducer, Token& first) override {
    auto& sm = pp.getSourceManager();
    std::string text = pp.getSpelling(first);
    Token tok;
    SourceLocation last = first.getLocation();
    for (pp.Lex(tok); tok.isNot(tok::eod) && tok.isNot(tok::eof); pp.Lex(tok)) {
      text += " " + pp.getSpelling(tok);
      last = sm.getExpansionRange(tok.getLocation()).getEnd();
    }
    if (!first.getLocation().isFileID() || !sm.isInMainFile(first.getLocation())) return;
    const unsigned b = sm.getFileOffset(first.getLocation());
    const unsigned e = sm.getFileOffset(last) + Lexer::MeasureTokenLength(last, sm, pp.getLangOpts());
    out_[b] = {e, text};
  }

 private:
  std::map<unsigned, PragmaText>& out_;
};

// `Image` not followed by `<` is the authors' untemplated Image: Image<Pixel>.
bool bare_image(const std::vector<Token>& toks, std::size_t i) {
  if (!toks[i].is(tok::identifier) || toks[i].getIdentifierInfo()->getName() != "Image") return false;
  return i + 1 >= toks.size() || !toks[i + 1].is(tok::less);
}

// Appends a token's spelling, with a space only where the two would otherwise read as one token
// (words, numbers, or two operator characters such as + +): expansions stay short.
void append_token(std::string& out, const std::string& tok) {
  if (!out.empty() && !tok.empty()) {
    const auto word = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '\'' || c == '"';
    };
    const auto bracket = [](char c) { return std::strchr("()[]{},;", c) != nullptr; };
    const char l = out.back(), r = tok.front();
    if ((word(l) && word(r)) || (!word(l) && !word(r) && !bracket(l) && !bracket(r))) out += ' ';
  }
  out += tok;
}

// An upper bound on how deep Clang's parser (and the analyses after it) will recurse on the tokens:
// every open bracket, and within a bracket every operator, statement keyword and cast since the
// statement (or the element of an initializer list) began. Clang recurses once per such level, so
// a source past kMaxDepth is refused here, before it can exhaust the stack. Returns the index of
// the first token past the limit, or toks.size().
std::size_t too_deep_at(const std::vector<Token>& toks) {
  struct Frame {
    tok::TokenKind open;
    bool list = false;  // an initializer list: its commas separate elements
    long count = 0;
  };
  std::vector<Frame> frames{{tok::unknown}};
  long total = 0;
  const auto next_is = [&](std::size_t i, tok::TokenKind k) { return i + 1 < toks.size() && toks[i + 1].is(k); };
  const auto end_statement = [&](std::size_t i) {
    if (next_is(i, tok::kw_else)) return;  // an else-if chain nests
    total -= frames.back().count;
    frames.back().count = 0;
  };
  for (std::size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    long add = 0;
    switch (t.getKind()) {
      case tok::l_paren:
      case tok::l_square:
      case tok::l_brace: {
        const bool list = t.is(tok::l_brace) && i > 0 && toks[i - 1].isOneOf(tok::equal, tok::comma, tok::l_brace);
        frames.push_back({t.getKind(), list, 0});
        break;
      }
      case tok::r_paren:
      case tok::r_square:
      case tok::r_brace: {
        if (frames.size() > 1) {
          total -= frames.back().count;
          const bool block = frames.back().open == tok::l_brace && !frames.back().list;
          frames.pop_back();
          if (block) end_statement(i);
        }
        // `(T)x` and `if (c) s`: what follows a ')' nests in it unless an operator or a closer comes next.
        if (t.is(tok::r_paren) && i + 1 < toks.size() &&
            (toks[i + 1].isOneOf(tok::identifier, tok::numeric_constant, tok::l_paren) ||
             toks[i + 1].isOneOf(tok::minus, tok::plus, tok::exclaim, tok::tilde)))
          add = 1;
        break;
      }
      case tok::semi:
        end_statement(i);
        break;
      case tok::comma:
        if (frames.back().list) {
          total -= frames.back().count;
          frames.back().count = 0;
        } else {
          add = 1;
        }
        break;
      case tok::kw_if:
      case tok::kw_else:
      case tok::kw_for:
      case tok::kw_while:
      case tok::kw_do:
      case tok::kw_switch:
      case tok::kw_case:
        add = 1;
        break;
      default:
        add = t.isOneOf(tok::identifier, tok::numeric_constant, tok::raw_identifier) || t.isLiteral() ||
                      t.getIdentifierInfo()
                  ? 0
                  : 1;
    }
    frames.back().count += add;
    total += add;
    if (static_cast<long>(frames.size()) - 1 + total > kMaxDepth) return i;
  }
  return toks.size();
}

// Reports (located at the token, or at the macro call that produced it) a source that is too
// large or too deep for the parser.
bool within_limits(Preprocessor& pp, const std::vector<Token>& toks) {
  auto& d = pp.getDiagnostics();
  const auto at = [&](std::size_t i) { return pp.getSourceManager().getExpansionLoc(toks[i].getLocation()); };
  // The prelude defines OpenCL's address-space words away: as a name (`int global = 1;`) the word vanishes.
  static const std::regex qualifier("(__)?(global|local|constant|private|kernel|read_only|write_only)");
  for (std::size_t i = 0; i + 1 < toks.size(); ++i) {
    const auto* id = toks[i].getIdentifierInfo();
    if (!id || !toks[i + 1].isOneOf(tok::equal, tok::semi, tok::comma, tok::r_paren, tok::l_square) ||
        !std::regex_match(id->getName().str(), qualifier))
      continue;
    d.Report(at(i), d.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
        << "'" + id->getName().str() +
               "' is an OpenCL C address-space or access word: it cannot name a variable, parameter or "
               "kernel; rename it";
    return false;
  }
  if (const auto i = too_deep_at(toks); i < toks.size()) {
    d.Report(at(i), d.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
        << "expression too deep (more than " + std::to_string(kMaxDepth) +
               " levels of nested operators, brackets and "
               "statements): split it into several statements with intermediate variables, or sum in a loop";
    return false;
  }
  if (toks.size() > kMaxTokens) {
    d.Report(at(kMaxTokens), d.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
        << "the source expands to more than " + std::to_string(kMaxTokens) +
               " tokens (here, after macro expansion): "
               "a macro that uses another one twice doubles at each level; use variables or a loop instead";
    return false;
  }
  return true;
}

class ExpandAction : public PreprocessorFrontendAction {
 public:
  ExpandAction(unsigned skip, Expanded& out) : skip_(skip), out_(out) {}

 protected:
  void ExecuteAction() override {
    auto& pp = getCompilerInstance().getPreprocessor();
    auto& sm = getCompilerInstance().getSourceManager();
    const auto& lo = getCompilerInstance().getLangOpts();
    Ranges ranges;
    pp.addPPCallbacks(std::make_unique<Recorder>(sm, lo, ranges));
    std::map<unsigned, PragmaText> pragmas;
    pp.IgnorePragmas();  // kept as text for the second pass; ImageCL's with macros expanded
    pp.AddPragmaHandler(new ExpandingPragma("imagecl", pragmas));
    pp.AddPragmaHandler(new ExpandingPragma("imcl", pragmas));
    pp.EnterMainSourceFile();
    std::vector<Token> toks;
    for (Token t;;) {  // at most one token past the limit: a macro that doubles its size must not run on
      pp.Lex(t);
      if (t.is(tok::eof) || toks.size() > kMaxTokens) break;
      toks.push_back(t);
    }
    if (pp.getDiagnostics().hasErrorOccurred()) return;
    if (!within_limits(pp, toks)) return;
    const StringRef text = sm.getBufferData(sm.getMainFileID());
    // What replaces each macro call: the spellings of the tokens it expanded to.
    std::map<unsigned, std::string> expansion;
    for (const auto& [b, e] : ranges.calls) expansion[b];
    std::map<unsigned, std::string> renames;  // offset -> a token of the same length replacing the one there
    for (std::size_t i = 0; i < toks.size(); ++i) {
      const auto loc = toks[i].getLocation();
      // _ImgP (the prelude's typedef for Image<Pixel>) has Image's length: columns stay exact.
      const bool bare = bare_image(toks, i);
      if (loc.isFileID()) {
        if (bare) renames[sm.getFileOffset(loc)] = "_ImgP";
        continue;
      }
      const unsigned b = sm.getFileOffset(sm.getExpansionRange(loc).getBegin());
      append_token(expansion[b], bare ? std::string("_ImgP") : pp.getSpelling(toks[i]));
    }
    std::vector<bool> blank(text.size(), false);
    for (const auto& [b, e] : ranges.skipped)
      for (unsigned i = b; i < e && i < text.size(); ++i) blank[i] = true;
    // Directive lines other than #pragma (with their continuation lines) disappear.
    for (std::size_t line = 0; line < text.size();) {
      std::size_t end = line;
      for (;;) {
        end = text.find('\n', end);
        if (end == StringRef::npos) end = text.size();
        if (end > line && end < text.size() && text[end - 1] == '\\') {
          ++end;
          continue;
        }
        break;
      }
      const std::size_t first = text.find_first_not_of(" \t", line);
      if (first < end && text[first] == '#') {
        const std::size_t word = text.find_first_not_of(" \t", first + 1);
        if (word >= end || !text.substr(word, end - word).startswith("pragma"))
          for (std::size_t i = line; i < end; ++i) blank[i] = true;
      }
      line = end + 1;
    }
    std::string o;
    for (unsigned i = skip_; i < text.size();) {
      if (auto it = renames.find(i); it != renames.end()) {
        o += it->second;
        i += static_cast<unsigned>(it->second.size());
        continue;
      }
      if (auto p = pragmas.find(i); p != pragmas.end() && !blank[i]) {
        o += p->second.text;
        for (unsigned j = i; j < p->second.end; ++j)
          if (text[j] == '\n') o += '\n';
        i = p->second.end;
        continue;
      }
      if (auto c = ranges.calls.find(i); c != ranges.calls.end() && !blank[i]) {
        std::string x = expansion[i];
        bool multiline = false;
        for (unsigned j = i; j < c->second; ++j) multiline = multiline || text[j] == '\n';
        // A shorter expansion on one line is padded: the columns after the call stay exact.
        if (!multiline && x.size() < c->second - i) x.append(c->second - i - x.size(), ' ');
        o += x;
        for (unsigned j = i; j < c->second; ++j)
          if (text[j] == '\n') o += '\n';
        i = c->second;
        continue;
      }
      if (!blank[i] || text[i] == '\n') o += text[i];
      ++i;
    }
    out_.text = o;
    out_.ok = true;
  }

 private:
  unsigned skip_;
  Expanded& out_;
};

}  // namespace

Expanded expand_macros(const std::string& path, const std::string& text) {
  Expanded out;
  const std::string head = "#line 1 \"" + path + "\"\n";
  ExpandAction action(static_cast<unsigned>(head.size()), out);
  if (!run_clang("first.cpp", head + text, {"-E"}, action, out.diagnostics)) out.ok = false;
  return out;
}

}  // namespace filterlab::imagecl
