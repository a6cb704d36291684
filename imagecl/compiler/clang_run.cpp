#include "clang_run.hpp"

#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/Support/raw_ostream.h>

namespace filterlab::imagecl {
namespace {

// Like Clang's own tool action, but the error count goes to our stream, after the diagnostics
// (CompilerInstance picks its output stream before the action starts).
class Runner : public clang::tooling::ToolAction {
 public:
  Runner(clang::FrontendAction& action, llvm::raw_ostream& stats) : action_(action), stats_(stats) {}
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation, clang::FileManager* files,
                     std::shared_ptr<clang::PCHContainerOperations> pch, clang::DiagnosticConsumer* diags) override {
    clang::CompilerInstance ci(std::move(pch));
    ci.setInvocation(std::move(invocation));
    ci.setFileManager(files);
    ci.createDiagnostics(diags, /*ShouldOwnClient=*/false);
    if (!ci.hasDiagnostics()) return false;
    ci.createSourceManager(*files);
    ci.setVerboseOutputStream(stats_);
    const bool ok = ci.ExecuteAction(action_);
    files->clearStatCache();
    return ok;
  }

 private:
  clang::FrontendAction& action_;
  llvm::raw_ostream& stats_;
};

}  // namespace

bool run_clang(const std::string& name, const std::string& code, const std::vector<std::string>& flags,
               clang::FrontendAction& action, std::string& diagnostics) {
  const std::string input = "/imagecl/" + name;
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  memory->addFile(input, 0, llvm::MemoryBuffer::getMemBufferCopy(code));
  llvm::IntrusiveRefCntPtr<clang::FileManager> files(new clang::FileManager(clang::FileSystemOptions(), memory));
  // argv[0] "clang++": the driver picks its mode from the program name.
  std::vector<std::string> args = {"clang++", "-x", "c++", "-std=c++17", "-nostdinc", "-fno-color-diagnostics"};
  args.insert(args.end(), flags.begin(), flags.end());
  args.push_back(input);
  std::string stats;
  llvm::raw_string_ostream stats_stream(stats);
  Runner runner(action, stats_stream);
  clang::tooling::ToolInvocation invocation(args, &runner, files.get(),
                                            std::make_shared<clang::PCHContainerOperations>());
  llvm::raw_string_ostream diag_stream(diagnostics);
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diag_opts(new clang::DiagnosticOptions);
  diag_opts->ShowPresumedLoc = true;  // honour #line: report locations in the ImageCL file
  clang::TextDiagnosticPrinter printer(diag_stream, diag_opts.get());
  invocation.setDiagnosticConsumer(&printer);
  invocation.setDiagnosticOptions(diag_opts.get());
  const bool ran = invocation.run();
  diag_stream.flush();
  stats_stream.flush();
  diagnostics += stats;
  return ran;
}

}  // namespace filterlab::imagecl
