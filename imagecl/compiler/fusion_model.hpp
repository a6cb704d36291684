#pragma once
// What fusion.cpp learns about a two-kernel pipeline and fusion_emit.cpp turns into OpenCL C.
#include <string>
#include <vector>

#include "model.hpp"

namespace filterlab::imagecl {

// One kernel of the pipeline, analysed alone.
struct FusionStage {
  std::string path;  // its source, as diagnostics name it
  KernelModel model;
  std::string body;         // rewritten_body(): { ... } with ICL_RD_/ICL_WR_/ICL_UNROLL_ macros
  std::string lanes_body;   // rewritten_lanes_body() when the stage can run as strips of N lanes, else ""
  std::string simd_reason;  // why it cannot, when it cannot
  std::string reference;    // the stage's own CPU reference (generate_reference)
  bool uses_pixel = false, uses_fixed_width = false;
  // The fused kernel names each of this stage's parameters <kernel>_<parameter>.
  std::string prefixed(const std::string& parameter) const { return model.name + "_" + parameter; }
};

struct FusedPipeline {
  std::string name, path;
  FusionStage producer, consumer;
  // The intermediates by the consumer's names (the tiles' names), and the producer's name of each.
  std::vector<std::string> intermediates, sources;
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;  // union of the consumer's stencils on them
  std::string inter_w, inter_h;                    // the intermediates' size (OpenCL expressions)
  std::string grid_w, grid_h;                      // the consumer's grid (the launch)
  KernelModel model;  // the fused kernel: parameters, Images and arrays with prefixed names, tuning

  // Whether `image` of stage `s` (the producer or the consumer) is an intermediate.
  bool is_intermediate(const FusionStage& s, const std::string& image) const;
  // The consumer's name of the intermediate the producer writes as `image`.
  const std::string& tile_of(const std::string& image) const;
  const ImageInfo& intermediate(const std::string& image) const { return *consumer.model.image(image); }
};

// The fused kernel's OpenCL C (every tuning choice a -D switch, as for a single kernel).
// `fill_window`: the source with the register window of the interior fill (ICL_FILL_WINDOW); without it,
// the source has no trace of that switch.
std::string generate_fused_opencl(const FusedPipeline& f, bool fill_window = false);

// The fused kernel's third source (when both stages have a lanes body): under #if ICL_SIMD each
// work-item runs the producer into line buffers and the consumer from them, strips of N lanes
// (fusion_line_buffer.cpp); #else the kernel as generate_fused_opencl emits it.
std::string generate_fused_simd_opencl(const FusedPipeline& f);

// The pipeline's CPU reference: the stages' references one after the other, unfused, the
// intermediates in host memory; its entry points take the fused kernel's arguments
// (fusion_reference.cpp).
std::string generate_fused_reference(const FusedPipeline& f);

}  // namespace filterlab::imagecl
