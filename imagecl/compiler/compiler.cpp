#include "compiler.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include "analysis.hpp"
#include "codegen.hpp"
#include "prelude.hpp"
#include "space.hpp"

namespace filterlab::imagecl {
namespace {

class Consumer : public clang::ASTConsumer {
 public:
  Consumer(const std::string& path, const std::vector<PragmaDirective>& pragmas, CompileResult& out)
      : path_(path), pragmas_(pragmas), out_(out) {}
  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;  // Clang already said what is wrong
    Analysis a;
    const bool ok = analyse(ctx, pragmas_, path_, a);
    out_.kernel = a.model.name;
    if (!ok) return;
    out_.opencl = generate_opencl(ctx, a);
    out_.space = space_json(a.model).dump(2) + "\n";
    out_.ok = true;
  }

 private:
  const std::string& path_;
  const std::vector<PragmaDirective>& pragmas_;
  CompileResult& out_;
};

class Action : public clang::ASTFrontendAction {
 public:
  Action(const std::string& path, CompileResult& out) : path_(path), out_(out) {}
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    ci.getPreprocessor().AddPragmaHandler(new PragmaCollector(pragmas_));  // the preprocessor owns it
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<Consumer>(path_, pragmas_, out_);
  }

 private:
  std::string path_;
  CompileResult& out_;
  std::vector<PragmaDirective> pragmas_;
};

}  // namespace

CompileResult compile(const std::string& path, const std::string& text) {
  CompileResult out;
  // The prelude and the source form one in-memory C++ file; #line makes every location in the
  // source report as `path`, so diagnostics point into the ImageCL file.
  const std::string input = "/imagecl/input.cpp";
  const std::string code = std::string(kPrelude) + "#line 1 \"" + path + "\"\n" + text;
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  memory->addFile(input, 0, llvm::MemoryBuffer::getMemBufferCopy(code));
  llvm::IntrusiveRefCntPtr<clang::FileManager> files(new clang::FileManager(clang::FileSystemOptions(), memory));
  // argv[0] "clang++": the driver picks its mode from the program name.
  std::vector<std::string> args = {"clang++", "-fsyntax-only", "-x", "c++", "-std=c++17", "-nostdinc",
                                   "-Wno-unused-value", "-fno-color-diagnostics", input};
  clang::tooling::ToolInvocation invocation(args, std::make_unique<Action>(path, out), files.get());
  llvm::raw_string_ostream diag_stream(out.diagnostics);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diag_opts(new clang::DiagnosticOptions);
  diag_opts->ShowPresumedLoc = true;  // honour #line: report locations in the ImageCL file
  clang::TextDiagnosticPrinter printer(diag_stream, diag_opts.get());
  invocation.setDiagnosticConsumer(&printer);
  invocation.setDiagnosticOptions(diag_opts.get());
  const bool ran = invocation.run();
  diag_stream.flush();
  if (!ran) out.ok = false;
  if (!out.ok) out.opencl.clear(), out.space.clear();
  return out;
}

}  // namespace filterlab::imagecl
