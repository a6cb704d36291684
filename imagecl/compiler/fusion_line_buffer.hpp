#pragma once
// The line-buffer path of a fused kernel (ICL_SIMD = N, the CPU code path): each work-item walks
// its block's rows top to bottom; for each row of the intermediates it runs the producer on
// coarsen_x + halo_x cells in strips of N lanes into a ring of halo_y + 1 rows (Halide's sliding
// window with storage folding: every intermediate value is computed once a work-item and lives in
// private memory until the last consumer row that reads it), then the consumer's next output row
// from the ring, strips of N lanes again. Strips whose stencils leave an Image, and cells outside the
// intermediates (their boundary rule), run one cell or pixel at a time, checked.
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "fusion_model.hpp"

namespace filterlab::imagecl {

// How a stage's body is pasted into the line-buffer path (fusion_emit.cpp binds its macros).
enum class LineStage {
  ProducerLanes,  // N cells of the ring row from icl_lx, its reads unchecked N-pixel loads
  ProducerCell,   // ring cell icl_c, its reads checked; writes of intermediates outside `filling` dropped
  ConsumerLanes,  // N output pixels from idx, the intermediates read from the ring
  ConsumerPixel,  // one output pixel, checked
};
using StageText = std::function<std::string(const FusionStage&, LineStage, const std::vector<std::string>& filling)>;

// Names the ring's macros and lane types use (ICL_LB_W, ICL_LB_H, icl_lanes_<T>, ICL_LANES).
void line_buffer_macros(std::ostream& o, const FusedPipeline& f);

// The kernel body's #if ICL_SIMD branch (the caller writes the #else).
void line_buffer_kernel(std::ostream& o, const FusedPipeline& f, const StageText& stage);

// Shared with the tile fill (fusion_emit.cpp): the boundary rule of `img` on (x, y) of a w x h
// image (constant runs `constant`, a statement, outside; the others map the coordinates), and the
// intermediates grouped by boundary rule (one producer evaluation fills a group's cells).
std::string fused_boundary(const ImageInfo& img, const std::string& x, const std::string& y, const std::string& w,
                           const std::string& h, const std::string& constant);
std::vector<std::vector<std::string>> boundary_groups(const FusedPipeline& f);

// The ring cell an intermediate read at (X, Y) of the consumer finds, as an lvalue expression.
std::string ring_cell(const std::string& intermediate, const std::string& x, const std::string& y);

}  // namespace filterlab::imagecl
