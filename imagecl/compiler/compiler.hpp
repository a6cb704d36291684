#pragma once
// filterlab-imagecl as a library (the tool and the tests call it): ImageCL source in, OpenCL C
// and the search space out, or Clang-style diagnostics (file:line:column: error: reason).
#include <string>

namespace filterlab::imagecl {

struct CompileResult {
  bool ok = false;
  std::string diagnostics;  // every warning and error, as Clang prints them
  std::string opencl;       // the generated OpenCL C (empty on errors)
  std::string space;        // the search space as JSON text (empty on errors)
  std::string kernel;       // the kernel's name
  std::string reference;    // the CPU reference: C++ for the host compiler (see reference.hpp)
  std::string expanded;     // the source after macro expansion (what the analyses saw)
};

// `path` names the source in diagnostics; `text` is its content.
CompileResult compile(const std::string& path, const std::string& text);

}  // namespace filterlab::imagecl
