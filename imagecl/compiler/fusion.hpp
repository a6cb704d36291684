#pragma once
// Fusion of a two-kernel pipeline into one generated kernel. A pipeline file (.icl) holds only
// comments and
//   #pragma imagecl pipeline(<name>, <producer.icl>, <consumer.icl>)
// (paths relative to the pipeline file). The producer's output Images that the consumer reads are
// the intermediates: the fused kernel computes, per work-group, the consumer's tile of each one
// (with the consumer's halo and boundary rule) into local memory by running the producer's body
// per tile cell, then runs the consumer's body on the tile. See imagecl/README.md, "Pipeline fusion".
#include <string>

#include "compiler.hpp"

namespace filterlab::imagecl {

// True when `text` is a pipeline file (a line `#pragma imagecl pipeline(` or `#pragma imcl pipeline(`).
bool is_pipeline(const std::string& text);

// The fused kernel (OpenCL C and its search space) or diagnostics (file:line:column: error: ...).
// `path` names the pipeline file and locates the stage sources. No CPU reference: the stages have theirs.
CompileResult compile_pipeline(const std::string& path, const std::string& text);

}  // namespace filterlab::imagecl
