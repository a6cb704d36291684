#pragma once
// A program is the concatenation of several .cl files, so a driver's build log gives line numbers
// in that concatenation (tempfile.cl:265). These map them back to the file and its own line
// (scharr/gradient.cl:148), keeping the program text (and so its recorded hash) unchanged.
#include <string>
#include <vector>

namespace filterlab::ocl {

// One file's place in the concatenated program: its line 1 is program line `first_line`.
struct SourceSpan {
  std::string file;
  int first_line = 1;
  int lines = 0;
};

// The file and line of program line `line`, e.g. "scharr/gradient.cl:148"; "" outside every file.
std::string source_location(const std::vector<SourceSpan>& spans, int line);

// Rewrites every "PATH:LINE:COL:" of a build log (PoCL: /.../tempfile_x.cl:265:1:, NVIDIA:
// <kernel>:265:1:, AMD: .../CompileSource:265:1:) whose LINE falls in a file to "FILE:LINE':COL:".
std::string map_build_log(const std::string& log, const std::vector<SourceSpan>& spans);

}  // namespace filterlab::ocl
