#include "compiler.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>

#include <cstring>

#include "analysis.hpp"
#include "clang_run.hpp"
#include "codegen.hpp"
#include "preexpand.hpp"
#include "prelude.hpp"
#include "reference.hpp"
#include "space.hpp"

namespace filterlab::imagecl {
namespace {

class Consumer : public clang::ASTConsumer {
 public:
  Consumer(const std::string& path, unsigned user_offset, const std::vector<PragmaDirective>& pragmas, CompileResult& out)
      : path_(path), user_offset_(user_offset), pragmas_(pragmas), out_(out) {}
  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;  // Clang already said what is wrong
    Analysis a;
    const auto& sm = ctx.getSourceManager();
    a.user_start = sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(static_cast<int>(user_offset_));
    const bool ok = analyse(ctx, pragmas_, path_, a);
    out_.kernel = a.model.name;
    if (!ok) return;
    out_.opencl = generate_opencl(ctx, a);
    out_.reference = generate_reference(ctx, a);
    out_.space = space_json(a.model).dump(2) + "\n";
    out_.ok = true;
  }

 private:
  const std::string& path_;
  unsigned user_offset_;
  const std::vector<PragmaDirective>& pragmas_;
  CompileResult& out_;
};

class Action : public clang::ASTFrontendAction {
 public:
  Action(const std::string& path, unsigned user_offset, CompileResult& out) : path_(path), user_offset_(user_offset), out_(out) {}
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    auto& pp = ci.getPreprocessor();  // the preprocessor owns the handlers
    pp.AddPragmaHandler(new PragmaCollector("imagecl", pragmas_));
    pp.AddPragmaHandler(new PragmaCollector("imcl", pragmas_));  // the authors' spelling
    pp.AddPragmaHandler(new UnknownPragma());
    pp.addPPCallbacks(std::make_unique<PragmaChecker>(pp));
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<Consumer>(path_, user_offset_, pragmas_, out_);
  }

 private:
  std::string path_;
  unsigned user_offset_;
  CompileResult& out_;
  std::vector<PragmaDirective> pragmas_;
};

}  // namespace

CompileResult compile(const std::string& path, const std::string& text) {
  CompileResult out;
  // Pass 1: the user's macros expanded (and `Image` alone made Image<Pixel>).
  const auto expanded = expand_macros(path, text);
  if (!expanded.ok) {
    out.diagnostics = expanded.diagnostics;
    if (out.diagnostics.empty()) out.diagnostics = path + ":1:1: error: the preprocessor failed on this file\n";
    return out;
  }
  out.expanded = expanded.text;
  // Pass 2: the prelude and the expanded source form one in-memory C++ file; #line makes every
  // location in the source report as `path`, so diagnostics point into the ImageCL file.
  const std::string line = "#line 1 \"" + path + "\"\n";
  const std::string code = std::string(kPrelude) + line + expanded.text;
  const auto user_offset = static_cast<unsigned>(std::strlen(kPrelude) + line.size());
  Action action(path, user_offset, out);
  const bool ran = run_clang("input.cpp", code, {"-fsyntax-only", "-Wno-unused-value"}, action, out.diagnostics);
  if (!ran) out.ok = false;
  if (!out.ok) out.opencl.clear(), out.space.clear(), out.reference.clear();
  return out;
}

}  // namespace filterlab::imagecl
