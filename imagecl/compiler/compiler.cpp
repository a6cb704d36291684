#include "compiler.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>

#include <algorithm>
#include <cstring>

#include "analysis.hpp"
#include "clang_run.hpp"
#include "codegen.hpp"
#include "fusion.hpp"
#include "kernel_source.hpp"
#include "preexpand.hpp"
#include "prelude.hpp"
#include "reference.hpp"
#include "space.hpp"
#include "vector_types.hpp"

namespace filterlab::imagecl {
namespace {

class Consumer : public clang::ASTConsumer {
 public:
  Consumer(const std::string& path, unsigned user_offset, const std::vector<PragmaDirective>& pragmas,
           const AnalysedKernelUse& use)
      : path_(path), user_offset_(user_offset), pragmas_(pragmas), use_(use) {}
  void HandleTranslationUnit(clang::ASTContext& ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;  // Clang already said what is wrong
    Analysis a;
    const auto& sm = ctx.getSourceManager();
    a.user_start = sm.getLocForStartOfFile(sm.getMainFileID()).getLocWithOffset(static_cast<int>(user_offset_));
    use_(ctx, a, analyse(ctx, pragmas_, path_, a));
  }

 private:
  const std::string& path_;
  unsigned user_offset_;
  const std::vector<PragmaDirective>& pragmas_;
  const AnalysedKernelUse& use_;
};

class Action : public clang::ASTFrontendAction {
 public:
  Action(const std::string& path, unsigned user_offset, const AnalysedKernelUse& use)
      : path_(path), user_offset_(user_offset), use_(use) {}
  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    auto& pp = ci.getPreprocessor();  // the preprocessor owns the handlers
    pp.AddPragmaHandler(new PragmaCollector("imagecl", pragmas_));
    pp.AddPragmaHandler(new PragmaCollector("imcl", pragmas_));  // the authors' spelling
    pp.AddPragmaHandler(new UnknownPragma());
    pp.addPPCallbacks(std::make_unique<PragmaChecker>(pp));
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&, llvm::StringRef) override {
    return std::make_unique<Consumer>(path_, user_offset_, pragmas_, use_);
  }

 private:
  std::string path_;
  unsigned user_offset_;
  const AnalysedKernelUse& use_;
  std::vector<PragmaDirective> pragmas_;
};

// Clang skips a NUL byte with a warning, and the generated code would lose it too: a source with one is
// corrupt or not text. Returns the diagnostic (in Clang's format), or nothing.
std::string nul_byte_error(const std::string& path, const std::string& text) {
  const auto at = text.find('\0');
  if (at == std::string::npos) return "";
  const auto line_start = text.rfind('\n', at);
  const std::size_t column = at - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
  const long line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
  return path + ":" + std::to_string(line) + ":" + std::to_string(column) +
         ": error: the source contains a NUL byte "
         "(byte " +
         std::to_string(at) + "): it is corrupt or not a text file; remove the byte\n1 error generated.\n";
}

}  // namespace

bool analyse_kernel_source(const std::string& path, const std::string& text, const AnalysedKernelUse& use,
                           std::string& diagnostics, std::string* expanded_text) {
  if (auto nul = nul_byte_error(path, text); !nul.empty()) {
    diagnostics += nul;  // after what earlier stages of a pipeline reported
    return false;
  }
  // Pass 1: the user's macros expanded (and `Image` alone made Image<Pixel>).
  const auto expanded = expand_macros(path, text);
  if (!expanded.ok) {
    diagnostics = expanded.diagnostics;
    if (diagnostics.empty()) diagnostics = path + ":1:1: error: the preprocessor failed on this file\n";
    return false;
  }
  if (expanded_text) *expanded_text = expanded.text;
  // Pass 2: the prelude and the expanded source form one in-memory C++ file; #line makes every
  // location in the source report as `path`, so diagnostics point into the ImageCL file.
  const std::string line = "#line 1 \"" + path + "\"\n";
  static const std::string prelude = std::string(kPrelude) + kFixedWidthTypedefs + vector_prelude();
  const std::string code = prelude + line + expanded.text;
  const auto user_offset = static_cast<unsigned>(prelude.size() + line.size());
  Action action(path, user_offset, use);
  return run_clang("input.cpp", code, {"-fsyntax-only", "-Wno-unused-value"}, action, diagnostics);
}

CompileResult compile(const std::string& path, const std::string& text) {
  if (auto nul = nul_byte_error(path, text); !nul.empty()) {
    CompileResult out;
    out.diagnostics = nul;
    return out;
  }
  if (is_pipeline(text)) return compile_pipeline(path, text);
  CompileResult out;
  const AnalysedKernelUse generate = [&](clang::ASTContext& ctx, const Analysis& a, bool ok) {
    out.kernel = a.model.name;
    if (!ok) return;
    out.opencl = generate_opencl(ctx, a);
    out.reference = generate_reference(ctx, a);
    auto space = space_json(a.model);
    if (std::any_of(a.model.tuning.begin(), a.model.tuning.end(),
                    [](const TuningParam& t) { return t.define == "ICL_ROW_SPLIT"; })) {
      space["row_split"] = {{"define", "ICL_ROW_SPLIT"},
                            {"opencl_file", a.model.name + ".rows.cl"},
                            {"opencl", generate_row_split_opencl(ctx, a)}};
      space["constraints"].push_back(
          {{"kind", "row_split"},
           {"rule",
            "row_split 1 needs interleaved 0; its kernels are built from row_split.opencl (the kernel's source "
            "with the row interior split), the others from the kernel's .cl file"}});
    }
    if (a.model.simd_eligible) {
      space["simd"] = {
          {"define", "ICL_SIMD"}, {"opencl_file", a.model.name + ".simd.cl"}, {"opencl", generate_simd_opencl(ctx, a)}};
      space["constraints"].push_back(
          {{"kind", "simd"},
           {"rule",
            "simd N > 0 needs interleaved 0, coarsen_x a multiple of N, no local, image or window memory, no vector "
            "stores and row_split 0; fast_round and fast_widen need simd > 0; these kernels are built from "
            "simd.opencl (the kernel's source with the strip vectorisation)"}});
    } else {
      space["simd_reason"] = a.model.simd_reason;
    }
    out.space = space.dump(2) + "\n";
    out.ok = true;
  };
  const bool ran = analyse_kernel_source(path, text, generate, out.diagnostics, &out.expanded);
  if (!ran) out.ok = false;
  if (!out.ok) out.opencl.clear(), out.space.clear(), out.reference.clear();
  return out;
}

}  // namespace filterlab::imagecl
