// The line-buffer path of a fused kernel (fusion_line_buffer.hpp): the ring, the row walk, and the
// tests that pick N lanes or one cell at a time.
#include "fusion_line_buffer.hpp"

#include <algorithm>
#include <set>
#include <string>

namespace filterlab::imagecl {
namespace {

bool offers(const FusedPipeline& f, const std::string& define) {
  return std::any_of(f.model.tuning.begin(), f.model.tuning.end(),
                     [&](const TuningParam& t) { return t.define == define; });
}

bool sizes_grid(const FusedPipeline& f, const std::string& prefixed) {
  return prefixed == f.model.grid_image ||
         std::find(f.model.grid_images.begin(), f.model.grid_images.end(), prefixed) != f.model.grid_images.end();
}

// Row and strip tests of the stage's own Images around (x.., y): reads keep their stencil inside,
// writes other than the grid's land inside. `x` is the strip's first pixel; `lanes` its width.
struct Tests {
  std::string row, strip;
};
Tests own_image_tests(const FusedPipeline& f, const FusionStage& s, const std::string& x, const std::string& y,
                      const std::string& lanes) {
  Tests t;
  for (const auto& img : s.model.images) {
    if (f.is_intermediate(s, img.name)) continue;
    const auto pn = s.prefixed(img.name);
    if (img.read) {
      t.row += " && " + y + " + (" + std::to_string(img.min_y) + ") >= 0 && " + y + " + (" + std::to_string(img.max_y) +
               ") < " + pn + "_h";
      t.strip += " && " + x + " + (" + std::to_string(img.min_x) + ") >= 0 && " + x + " + " + lanes + " - 1 + (" +
                 std::to_string(img.max_x) + ") < " + pn + "_w";
    } else if (img.written && !sizes_grid(f, pn)) {
      t.row += " && " + y + " < " + pn + "_h";
      t.strip += " && " + x + " + " + lanes + " <= " + pn + "_w";
    }
  }
  return t;
}

}  // namespace

std::string ring_cell(const std::string& intermediate, const std::string& x, const std::string& y) {
  return "icl_lr_" + intermediate + "[(" + y + ") - icl_q0][(" + x + ") - icl_lx0]";
}

void line_buffer_macros(std::ostream& o, const FusedPipeline& f) {
  o << "\n// The line-buffer path (ICL_SIMD): a ring of ICL_LB_H rows of ICL_LB_W cells per intermediate.\n"
    << "#if ICL_SIMD && (ICL_INTERLEAVED || ICL_CX % ICL_SIMD != 0";
  if (offers(f, "ICL_PRIVATE_TILE")) o << " || ICL_PRIVATE_TILE";
  for (const auto& img : f.model.images)
    if (offers(f, "ICL_IMAGE_" + img.name)) o << " || ICL_IMAGE_" << img.name;
  o << ")\n#error ICL_SIMD needs ICL_INTERLEAVED 0, ICL_CX a multiple of it, no image memory and ICL_PRIVATE_TILE 0\n"
    << "#endif\n"
    << "#ifndef ICL_JOIN\n#define ICL_JOIN_(a, b) a##b\n#define ICL_JOIN(a, b) ICL_JOIN_(a, b)\n#endif\n"
    << "#define ICL_LANES(T) ICL_JOIN(T, ICL_SIMD)\n"
    // The stages' lanes bodies name these where a stage offers the fast conversions; the fused kernel
    // does not offer them, so they are OpenCL's own.
    << "#define ICL_VRTE_uchar(V) ICL_JOIN(ICL_LANES(convert_uchar), _sat_rte)(V)\n"
    << "#define ICL_VRTE_ushort(V) ICL_JOIN(ICL_LANES(convert_ushort), _sat_rte)(V)\n"
    << "#define ICL_VWIDEN(U) ICL_LANES(convert_float)(U)\n"
    << "#define ICL_LB_W (ICL_CX + " << f.max_x - f.min_x << ")\n"
    << "#define ICL_LB_H " << f.max_y - f.min_y + 1 << "\n"
    << "#define ICL_LB_ROWS (ICL_CY + " << f.max_y - f.min_y << ")  // intermediate rows a work-item computes\n";
  std::set<std::string> types;
  for (const auto& img : f.model.images)
    if (img.read || img.written) types.insert(img.pixel);
  for (const auto& n : f.intermediates) types.insert(f.intermediate(n).pixel);
  o << "#if ICL_SIMD\n";
  for (const auto& t : types)
    o << "typedef ICL_LANES(" << t << ") __attribute__((aligned(1))) icl_lanes_" << t << ";\n";
  o << "#endif\n";
}

void line_buffer_kernel(std::ostream& o, const FusedPipeline& f, const StageText& stage) {
  const std::string hy = std::to_string(f.max_y - f.min_y);
  o << "  const int icl_bx0 = ICL_IDX(0), icl_by0 = ICL_IDY(0);  // the work-item's block\n"
    << "  const int icl_lx0 = icl_bx0 + (" << f.min_x << "), icl_ly0 = icl_by0 + (" << f.min_y
    << ");  // the ring's origin in the intermediates\n";
  for (const auto& n : f.intermediates)
    o << "  " << f.intermediate(n).pixel << " icl_lb_" << n << "[ICL_LB_H][ICL_LB_W];\n";
  // The whole work-item inside (ICL_INTERIOR): no strip is tested.
  const auto produced = own_image_tests(f, f.producer, "icl_lx0", "icl_ly0", "ICL_LB_W");
  const auto produced_last = own_image_tests(f, f.producer, "icl_lx0", "icl_ly0 + ICL_LB_ROWS - 1", "ICL_LB_W");
  const auto consumed = own_image_tests(f, f.consumer, "icl_bx0", "icl_by0", "ICL_CX");
  const auto consumed_last = own_image_tests(f, f.consumer, "icl_bx0", "icl_by0 + ICL_CY - 1", "ICL_CX");
  if (offers(f, "ICL_INTERIOR"))
    o << "#if ICL_INTERIOR\n  const int icl_all_in = icl_bx0 + ICL_CX <= icl_grid_w && icl_by0 + ICL_CY <= icl_grid_h"
      << " &&\n      icl_lx0 >= 0 && icl_ly0 >= 0 && icl_lx0 + ICL_LB_W <= icl_inter_w && icl_ly0 + ICL_LB_ROWS <= "
         "icl_inter_h"
      << produced.strip << produced.row << produced_last.row << consumed.strip << consumed.row << consumed_last.row
      << ";\n#else\n  const int icl_all_in = 0;\n#endif\n";
  else
    o << "  const int icl_all_in = 0;\n";
  const auto ptest = own_image_tests(f, f.producer, "idx", "idy", "ICL_SIMD");
  const auto ctest = own_image_tests(f, f.consumer, "icl_x0", "idy", "ICL_SIMD");
  // Loop partitioning (Halide's prologue, steady state and epilogue): the strips whose x tests pass
  // form one range (every test is monotone in x), found once per work-item; a row whose y tests pass
  // runs that range with no test, so the weights' loads leave the loop, and the strips around it
  // one cell at a time.
  o << "  int icl_p_lo = 0, icl_p_hi = 0, icl_c_lo = 0, icl_c_hi = 0;  // untested strips of a row\n"
    << "  for (int icl_s = 0, icl_seen = 0; icl_s < ICL_LB_W; icl_s += ICL_SIMD) {\n"
    << "    const int icl_lx = min(icl_s, ICL_LB_W - ICL_SIMD), idx = icl_lx0 + icl_lx;\n"
    << "    if (idx >= 0 && idx + ICL_SIMD <= icl_inter_w" << ptest.strip << ") {\n"
    << "      if (!icl_seen) icl_p_lo = icl_s;\n"
    << "      icl_seen = 1, icl_p_hi = icl_s + ICL_SIMD;\n    }\n  }\n"
    << "  for (int icl_s = 0, icl_seen = 0; icl_s < ICL_CX; icl_s += ICL_SIMD) {\n"
    << "    const int icl_x0 = icl_bx0 + icl_s;\n"
    << "    if (icl_x0 + ICL_SIMD <= icl_grid_w" << ctest.strip << ") {\n"
    << "      if (!icl_seen) icl_c_lo = icl_s;\n"
    << "      icl_seen = 1, icl_c_hi = icl_s + ICL_SIMD;\n    }\n  }\n";
  // The other strips of a row, [0, lo) and then [hi, end), one cell at a time: every one of them
  // fails a test (a row whose y tests fail has an empty range).
  const auto tested_strips = [](const std::string& lo, const std::string& hi, const std::string& end) {
    return "for (int icl_s = " + lo + " == 0 ? " + hi + " : 0; icl_s < " + end + "; icl_s = icl_s + ICL_SIMD == " +
           lo + " ? " + hi + " : icl_s + ICL_SIMD) {\n";
  };
  o << "  for (int icl_r = 0; icl_r < ICL_LB_ROWS; ++icl_r) {\n"
    << "    const int icl_slot = icl_r % ICL_LB_H;\n"
    << "    {  // the producer's row icl_ly0 + icl_r into ring row icl_slot\n"
    << "      const int idy = icl_ly0 + icl_r;\n"
    << "      const int icl_row_in = icl_all_in || (idy >= 0 && idy < icl_inter_h" << ptest.row
    << ");\n"
    // A work-item wholly inside runs its strips with no test at all (the loop unswitched by hand).
    << "      if (icl_all_in) {\n"
    << "        for (int icl_s = 0; icl_s < ICL_LB_W; icl_s += ICL_SIMD) {\n"
    << "          const int icl_lx = min(icl_s, ICL_LB_W - ICL_SIMD), idx = icl_lx0 + icl_lx;\n"
    << stage(f.producer, LineStage::ProducerLanes, f.intermediates) << "        }\n"
    << "      } else {\n"
    << "      const int icl_lo = icl_row_in ? icl_p_lo : 0, icl_hi = icl_row_in ? icl_p_hi : 0;\n"
    << "      for (int icl_s = icl_lo; icl_s < icl_hi; icl_s += ICL_SIMD) {\n"
    << "        const int icl_lx = min(icl_s, ICL_LB_W - ICL_SIMD), idx = icl_lx0 + icl_lx;\n"
    << stage(f.producer, LineStage::ProducerLanes, f.intermediates) << "      }\n"
    << "      " << tested_strips("icl_lo", "icl_hi", "ICL_LB_W")
    << "        // The row's last strip shifted inwards to end at the row's end (Halide's ShiftInwards).\n"
    << "        const int icl_lx = min(icl_s, ICL_LB_W - ICL_SIMD), idx = icl_lx0 + icl_lx;\n"
    << "        {  // outside the row's untested range: one cell at a time\n";
  for (const auto& g : boundary_groups(f)) {
    const auto& rule = f.intermediate(g.front());
    std::string outside = "{\n";
    for (const auto& n : g)
      outside += "    icl_lb_" + n + "[icl_slot][icl_c] = (" + rule.pixel + ")(" + rule.boundary_value + ");\n";
    outside += "    continue;\n  }";
    o << "          for (int icl_c = icl_lx; icl_c < icl_lx + ICL_SIMD; ++icl_c) {\n"
      << "  int icl_x = icl_lx0 + icl_c, icl_y = idy;\n"
      << fused_boundary(rule, "icl_x", "icl_y", "icl_inter_w", "icl_inter_h", outside)
      << "  {\n  const int idx = icl_x, idy = icl_y;\n"
      << stage(f.producer, LineStage::ProducerCell, g) << "  }\n          }\n";
  }
  o << "        }\n      }\n      }\n    }\n"
    << "    if (icl_r < " << hy << ") continue;\n"
    << "    {  // the consumer's output row icl_by0 + icl_r - " << hy << " from the ring\n"
    << "      const int idy = icl_by0 + icl_r - " << hy << ";\n"
    << "      const int icl_row_out = icl_all_in || (idy < icl_grid_h" << ctest.row
    << ");\n"
    // The ring rows this output row reads, once a row: row icl_q0 + q of the intermediates is ring
    // row (icl_r - halo_y + q) % ICL_LB_H, so the strips below index the rows with constants.
    << "      const int icl_q0 = idy + (" << f.min_y << ");\n";
  for (const auto& n : f.intermediates)
    o << "      const " << f.intermediate(n).pixel << "* icl_lr_" << n << "[ICL_LB_H];\n"
      << "      for (int icl_q = 0; icl_q < ICL_LB_H; ++icl_q) icl_lr_" << n << "[icl_q] = icl_lb_" << n << "[(icl_r - "
      << hy << " + icl_q) % ICL_LB_H];\n";
  o << "      if (icl_all_in) {\n"
    << "        for (int icl_s = 0; icl_s < ICL_CX; icl_s += ICL_SIMD) {\n"
    << "          const int icl_x0 = icl_bx0 + icl_s, idx = icl_x0;\n"
    << stage(f.consumer, LineStage::ConsumerLanes, {}) << "        }\n"
    << "      } else {\n"
    << "      const int icl_lo = icl_row_out ? icl_c_lo : 0, icl_hi = icl_row_out ? icl_c_hi : 0;\n"
    << "      for (int icl_s = icl_lo; icl_s < icl_hi; icl_s += ICL_SIMD) {\n"
    << "        const int icl_x0 = icl_bx0 + icl_s, idx = icl_x0;\n"
    << stage(f.consumer, LineStage::ConsumerLanes, {}) << "      }\n"
    << "      " << tested_strips("icl_lo", "icl_hi", "ICL_CX")
    << "        const int icl_x0 = icl_bx0 + icl_s;\n"
    << "        {  // outside the row's untested range: one pixel at a time\n"
    << "          for (int icl_l = 0; icl_l < ICL_SIMD; ++icl_l) {\n"
    << "            const int idx = icl_x0 + icl_l;\n"
    << "            if (idx < icl_grid_w && idy < icl_grid_h) {\n"
    << stage(f.consumer, LineStage::ConsumerPixel, {}) << "            }\n          }\n        }\n      }\n      }\n    }\n"
    << "  }\n";
}

}  // namespace filterlab::imagecl
