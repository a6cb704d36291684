#pragma once
// The first pass over an ImageCL source: Clang's preprocessor expands the user's #define macros
// and conditionals in place, so that the analyses and the code generators see (and copy) only
// plain tokens. Lines keep their numbers (directive lines become empty, a macro call spanning
// lines keeps its newlines); columns change only after a macro call on the same line whose
// expansion is longer than the call (shorter ones are padded). An untemplated `Image` parameter
// (the authors' dialect) becomes `_ImgP`, the prelude's Image<Pixel>, of the same length.
#include <string>

namespace filterlab::imagecl {

struct Expanded {
  bool ok = false;
  std::string text;         // the source with macros expanded (valid only when ok)
  std::string diagnostics;  // preprocessor errors (#include, #error, malformed #define ...)
};

Expanded expand_macros(const std::string& path, const std::string& text);

}  // namespace filterlab::imagecl
