#include "tuner/imagecl_subspace.hpp"

#include <algorithm>

#include "error.hpp"

namespace filterlab::tuner {
namespace {

// What every sub-space shares: work-groups and coarsening from the paper's GPU columns
// (work-groups 16..64 x 4..8, 1..2 pixels per work-item per axis) and the thread mapping.
std::vector<SubParam> common(bool wide) {
  if (wide)
    return {{"wg_x", {"wg_x"}, {16, 32, 64, 128}},
            {"wg_y", {"wg_y"}, {1, 2, 4, 8, 16}},
            {"coarsen_x", {"coarsen_x"}, {1, 2, 4}},
            {"coarsen_y", {"coarsen_y"}, {1, 2, 4}},
            {"interleaved", {"interleaved"}, {0, 1}}};
  return {{"wg_x", {"wg_x"}, {16, 32, 64}},
          {"wg_y", {"wg_y"}, {4, 8}},
          {"coarsen_x", {"coarsen_x"}, {1, 2}},
          {"coarsen_y", {"coarsen_y"}, {1, 2}},
          {"interleaved", {"interleaved"}, {0, 1}}};
}

// The compiler's later transformations (interior split, register windows, vector loads and
// stores) are off in the paper's sub-spaces: the tables above are the paper's, not ours.
std::vector<Fixed> off(const std::vector<std::string>& windows, const std::vector<std::string>& stores) {
  std::vector<Fixed> f{{"interior", 0}};
  for (const auto& image : windows) f.insert(f.end(), {{"window_" + image, 0}, {"vector_" + image, 1}});
  for (const auto& image : stores) f.push_back({"vector_" + image, 1});
  return f;
}

SubSpace make(bool wide, const std::string& kernel, const std::string& rationale, std::vector<SubParam> extra,
              std::vector<Fixed> fixed, std::vector<Fixed> more_fixed = {}) {
  SubSpace s{wide ? "wide" : "sub", kernel, rationale, common(wide), std::move(fixed)};
  if (wide) s.rationale += "; widened work-groups and coarsening for search efficiency";
  for (auto& p : extra) s.params.push_back(std::move(p));
  for (auto& f : more_fixed) s.fixed.push_back(std::move(f));
  return s;
}

std::vector<SubSpace> table(bool wide) {
  return {
      make(wide, "sepconv_row",
           "Table 2: image and local memory of the input vary between devices; constant memory always on",
           {{"image_in", {"image_in"}, {0, 1}}, {"local_in", {"local_in"}, {0, 1}}},
           {{"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}}, off({"in"}, {"out"})),
      make(wide, "sepconv_col", "Table 2: as the row kernel",
           {{"image_in", {"image_in"}, {0, 1}}, {"local_in", {"local_in"}, {0, 1}}},
           {{"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}}, off({"in"}, {"out"})),
      make(wide, "conv2d_u8",
           "Table 3: image and local memory of the input vary; constant memory and unrolling always on",
           {{"image_in", {"image_in"}, {0, 1}}, {"local_in", {"local_in"}, {0, 1}}},
           {{"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}, {"unroll_1", -1}}, off({"in"}, {"out"})),
      make(wide, "harris_sobel", "Table 4: image and local memory of the source vary",
           {{"image_src", {"image_src"}, {0, 1}}, {"local_src", {"local_src"}, {0, 1}}},
           {{"image_dx", 0}, {"image_dy", 0}}, off({"src"}, {})),
      make(wide, "harris_response", "Table 5: image and local memory of dx and dy vary, always alike (tied here)",
           {{"image_dxdy", {"image_dx", "image_dy"}, {0, 1}}, {"local_dxdy", {"local_dx", "local_dy"}, {0, 1}}},
           {{"image_dst", 0}, {"unroll_0", -1}, {"unroll_1", -1}}, off({"dx", "dy"}, {"dst"})),
      // The fused pipelines: the intermediates are always in local memory (that is the fusion);
      // image memory of the pipeline's input varies as for the first kernel, and a second pair of
      // switches (tied across the stages) in place of the stages' local memory. The interior split
      // of the tile fill is off here and on in the `split` sub-spaces (below).
      make(wide, "sepconv_fused",
           "the sepconv pipeline fused: image memory of the input and constant memory of both weights vary",
           {{"image_in", {"image_sepconv_row_in"}, {0, 1}},
            {"constant_k", {"constant_sepconv_row_k", "constant_sepconv_col_k"}, {0, 1}}},
           {{"image_sepconv_col_out", 0}, {"unroll_sepconv_row_0", -1}, {"unroll_sepconv_col_0", -1}},
           {{"interior", 0}}),
      make(wide, "harris_fused",
           "the harris pipeline fused: image memory of the source and unrolling of the response vary",
           {{"image_src", {"image_harris_sobel_src"}, {0, 1}},
            {"unroll", {"unroll_harris_response_0", "unroll_harris_response_1"}, {1, 2}}},
           {{"image_harris_response_dst", 0}}, {{"interior", 0}}),
  };
}

// The fused kernels have no wide sub-space: its exhaustive search (about a thousand points each)
// did not fit the device time we had; their full spaces are searched live like the others.
std::vector<SubSpace> without_fused(std::vector<SubSpace> t) {
  t.erase(std::remove_if(t.begin(), t.end(),
                         [](const SubSpace& s) {
                           return s.kernel.size() > 6 && s.kernel.compare(s.kernel.size() - 6, 6, "_fused") == 0;
                         }),
          t.end());
  return t;
}

// The 8-bit convolution's register sub-space: the seeds' hand optimisations (Qualcomm's steps 2-3,
// AMD's interior groups) switched on and enumerated: register window, vector loads and stores of
// one width, interior split, blocked mapping, the coarsening a window pays off at. The live
// searches' uniform pool pairs these switches mostly with groups and coarsening that waste them.
// Its coarsening follows its first exhaustive run (H200, 2b562d4): 32 pixels along x were never
// competitive (0.219 ms at best against 0.147 ms at 8x4) while times fell as rows were added up to
// 4, so 32 gave way to 4 and 8 rows joined; the sub-space keeps its 216 constraint-valid points.
std::vector<SubSpace> registers() {
  SubSpace s{"regs",
             "conv2d_u8",
             "the seeds' hand optimisations on: register window, vector loads and stores of one width, interior split",
             {{"wg_x", {"wg_x"}, {8, 16, 32}},
              {"wg_y", {"wg_y"}, {4, 8, 16}},
              {"coarsen_x", {"coarsen_x"}, {4, 8, 16}},
              {"coarsen_y", {"coarsen_y"}, {1, 2, 4, 8}},
              {"vector", {"vector_in", "vector_out"}, {4, 8, 16}}},
             {{"interleaved", 0},
              {"image_in", 0},
              {"image_out", 0},
              {"constant_k", 1},
              {"local_in", 0},
              {"unroll_0", -1},
              {"unroll_1", -1},
              {"interior", 1},
              {"window_in", 1}}};
  return {s};
}

// The fused kernels' interior split: their sub-spaces with the split on. A sub-space of its own, so
// that the sub-spaces measured before the switch existed keep their caches (interior 0 there).
std::vector<SubSpace> splits() {
  std::vector<SubSpace> out;
  for (auto s : table(false)) {
    if (s.kernel.size() <= 6 || s.kernel.compare(s.kernel.size() - 6, 6, "_fused") != 0) continue;
    s.kind = "split";
    s.rationale += "; the interior split of the tile fill on";
    for (auto& f : s.fixed)
      if (f.param == "interior") f.value = 1;
    out.push_back(s);
  }
  return out;
}

// The register sub-space with sliding rows on (register caching along y: a ring of halo_y + 1
// window rows instead of coarsen_y + halo_y), a sub-space of its own so regs keeps its cache.
std::vector<SubSpace> slides() {
  auto s = registers().front();
  s.kind = "slide";
  s.rationale += "; sliding rows on";
  s.fixed.push_back({"slide_in", 1});
  return {s};
}

// The 8-bit convolution with its local tile on, converted while staging or not (convert_in is searched,
// so both halves are timed in one run on one device: each point's twin differs only in the tile's type).
// Work-groups and coarsening span wide's (coarsening to 4: several outputs share a tile's pixels) with
// fewer work-group shapes, so that the 432 points fit one device call.
std::vector<SubSpace> staged() {
  SubSpace s{
      "staged",
      "conv2d_u8",
      "local memory of the input on; its tile of pixels or of floats converted once while staging (convert_in) varies",
      {{"wg_x", {"wg_x"}, {16, 32, 64}},
       {"wg_y", {"wg_y"}, {4, 8}},
       {"coarsen_x", {"coarsen_x"}, {1, 2, 4}},
       {"coarsen_y", {"coarsen_y"}, {1, 2, 4}},
       {"interleaved", {"interleaved"}, {0, 1}},
       {"image_in", {"image_in"}, {0, 1}},
       {"convert_in", {"convert_in"}, {0, 1}}},
      {{"image_out", 0}, {"constant_k", 1}, {"local_in", 1}, {"unroll_0", -1}, {"unroll_1", -1}}};
  for (auto& f : off({"in"}, {"out"})) s.fixed.push_back(f);
  return {s};
}

// The fused kernels' register fusion: each work-item's tiles in registers (private_tile), blocked
// mapping, the interior split on. A work-item's block sets the halo it computes again (sepconv:
// (coarsen_y + 4) / coarsen_y rows of the row pass per output row), so coarsening spans 1..4 x 2..8
// and the work-groups 32..128 x 1..8; buffers and the stages' other switches as their best `split`
// points on the H200 (d11460c) had them.
std::vector<SubSpace> private_tiles() {
  const std::vector<SubParam> shape{{"wg_x", {"wg_x"}, {32, 64, 128}},
                                    {"wg_y", {"wg_y"}, {1, 2, 4, 8}},
                                    {"coarsen_x", {"coarsen_x"}, {1, 2, 4}},
                                    {"coarsen_y", {"coarsen_y"}, {2, 4, 8}}};
  const std::vector<Fixed> common{{"interleaved", 0}, {"interior", 1}, {"private_tile", 1}};
  SubSpace sep{"private", "sepconv_fused",
               "register fusion: the row pass computed into each work-item's registers, no local memory, no barrier",
               shape, common};
  for (const Fixed& f : std::vector<Fixed>{{"image_sepconv_row_in", 0},
                                           {"constant_sepconv_row_k", 0},
                                           {"constant_sepconv_col_k", 0},
                                           {"image_sepconv_col_out", 0},
                                           {"unroll_sepconv_row_0", -1},
                                           {"unroll_sepconv_col_0", -1}})
    sep.fixed.push_back(f);
  SubSpace harris{"private", "harris_fused",
                  "register fusion: the Sobel pass computed into each work-item's registers, no local memory, no "
                  "barrier",
                  shape, common};
  for (const Fixed& f : std::vector<Fixed>{{"image_harris_sobel_src", 0},
                                           {"image_harris_response_dst", 0},
                                           {"unroll_harris_response_0", -1},
                                           {"unroll_harris_response_1", -1}})
    harris.fixed.push_back(f);
  return {sep, harris};
}

// The register window of the register-fused fill (fill_window): the `private` points' fixed switches,
// fill_window 0 and 1 both searched so that each point is timed beside its twin in one run (the
// `private` sub-space stays as its committed caches have it). The window makes wider blocks cheaper
// (sepconv loads coarsen_x + 4 values a row instead of 5 a cell), so coarsening spans 1..8 along x;
// work-groups 32..64 x 2..8 (the private points' best on the H200 were 32 x 8): 144 points a kernel.
std::vector<SubSpace> fill_windows() {
  std::vector<SubSpace> v = private_tiles();
  for (auto& s : v) {
    s.kind = "window";
    s.rationale = "register window of the fill: " + s.rationale + "; each input row segment loaded once a work-item";
    s.params = {{"wg_x", {"wg_x"}, {32, 64}},
                {"wg_y", {"wg_y"}, {2, 4, 8}},
                {"coarsen_x", {"coarsen_x"}, {1, 2, 4, 8}},
                {"coarsen_y", {"coarsen_y"}, {2, 4, 8}},
                {"fill_window", {"fill_window"}, {0, 1}}};
  }
  return v;
}

// The row interior split (row_split), a CPU code path: PoCL vectorises a work-item's loop along x,
// not across work-items, so a work-item takes a long row segment (coarsen_x 64..256) of 2 or 8 rows
// in small work-groups; interior work-groups skip every test, and with row_split the others skip
// them on each row's interior pixels too. row_split 0 and 1 both searched, each point beside its
// twin in one run: 48 points a kernel. Buffers, constant weights, full unrolling; local memory,
// windows and vector accesses off (each slower on PoCL than this shape, 2026-11-28 exploration).
std::vector<SubSpace> row_splits() {
  const std::vector<SubParam> shape{{"wg_x", {"wg_x"}, {1, 4}},
                                    {"wg_y", {"wg_y"}, {1, 4}},
                                    {"coarsen_x", {"coarsen_x"}, {64, 128, 256}},
                                    {"coarsen_y", {"coarsen_y"}, {2, 8}},
                                    {"row_split", {"row_split"}, {0, 1}}};
  std::vector<SubSpace> v;
  for (const char* kernel : {"sepconv_row", "sepconv_col", "conv2d_u8"}) {
    SubSpace s{"rows",
               kernel,
               "row interior split (CPU code path): long row segments per work-item, boundary tests only on each "
               "row's head and tail",
               shape,
               {{"interleaved", 0},
                {"interior", 1},
                {"image_in", 0},
                {"local_in", 0},
                {"image_out", 0},
                {"constant_k", 1},
                {"unroll_0", -1}}};
    if (std::string(kernel) == "conv2d_u8") s.fixed.push_back({"unroll_1", -1});
    for (auto& f : off({"in"}, {"out"}))
      if (f.param != "interior") s.fixed.push_back(f);
    v.push_back(s);
  }
  return v;
}

// The strip vectorisation (simd), a CPU code path: every row of a work-item's long segment
// (coarsen_x 64, 256 or 1024, 2 or 8 rows: 32 rows in lockstep take Intel's compiler minutes for
// conv2d_u8) runs as strips of 8 or 16 lanes (AVX2's and AVX-512's
// float vectors) in work-groups of one or four work-items along y; the 8-bit convolution's exact fast
// conversions (rounding and widening, tied) on and off beside each other. Buffers, constant weights,
// full unrolling, the interior split on; local memory, windows and vector stores off (the strips
// exclude them); the rows in lockstep on and off where the kernel offers it (not Harris's: their
// bodies declare several row locals in one statement); edge lanes on and off. The fused pipelines' line-buffer path in
// taller blocks (8..64 rows: the ring's halo_y rows computed again per block matter less).
std::vector<SubSpace> simds() {
  const std::vector<SubParam> shape{{"wg_x", {"wg_x"}, {1}},
                                    {"wg_y", {"wg_y"}, {1, 4}},
                                    {"coarsen_x", {"coarsen_x"}, {64, 256, 1024}},
                                    {"coarsen_y", {"coarsen_y"}, {2, 8}},
                                    {"simd", {"simd"}, {8, 16}}};
  const auto make_simd = [&](const std::string& kernel, std::vector<Fixed> fixed,
                             const std::vector<std::string>& windows, const std::vector<std::string>& stores,
                             bool lockstep = true) {
    SubSpace s{"simd", kernel, "strip vectorisation (CPU code path): N-lane vectors along x by construction", shape,
               std::move(fixed)};
    if (lockstep) s.params.push_back({"lockstep", {"lockstep"}, {0, 1}});
    s.params.push_back({"edge_lanes", {"edge_lanes"}, {0, 1}});
    s.fixed.insert(s.fixed.begin(), {{"interleaved", 0}, {"interior", 1}});
    for (auto& f : off(windows, stores))
      if (f.param != "interior") s.fixed.push_back(f);
    return s;
  };
  std::vector<SubSpace> v;
  for (const char* kernel : {"sepconv_row", "sepconv_col"})
    v.push_back(make_simd(kernel,
                          {{"image_in", 0}, {"local_in", 0}, {"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}},
                          {"in"}, {"out"}));
  auto conv = make_simd(
      "conv2d_u8",
      {{"image_in", 0}, {"local_in", 0}, {"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}, {"unroll_1", -1}},
      {"in"}, {"out"});
  conv.params.push_back({"fast", {"fast_round", "fast_widen"}, {0, 1}});
  v.push_back(conv);
  v.push_back(make_simd("harris_sobel", {{"image_src", 0}, {"image_dx", 0}, {"image_dy", 0}, {"local_src", 0}}, {"src"},
                        {}, false));
  v.push_back(make_simd("harris_response",
                        {{"image_dx", 0},
                         {"image_dy", 0},
                         {"image_dst", 0},
                         {"local_dx", 0},
                         {"local_dy", 0},
                         {"unroll_0", -1},
                         {"unroll_1", -1}},
                        {"dx", "dy"}, {"dst"}, false));
  // The fused pipelines' line-buffer path: the same shapes, the intermediates in each work-item's ring.
  std::vector<SubParam> tall = shape;
  tall[3] = {"coarsen_y", {"coarsen_y"}, {8, 16, 32, 64}};
  const auto fused = [&](const std::string& kernel, std::vector<Fixed> fixed) {
    SubSpace s{"simd", kernel,
               "line-buffer fusion in strips of N lanes (CPU code path): each intermediate value computed once a "
               "work-item into a ring of rows",
               tall, std::move(fixed)};
    s.fixed.insert(s.fixed.begin(), {{"interleaved", 0}, {"interior", 1}, {"private_tile", 0}});
    return s;
  };
  v.push_back(fused("sepconv_fused", {{"image_sepconv_row_in", 0},
                                      {"constant_sepconv_row_k", 1},
                                      {"unroll_sepconv_row_0", -1},
                                      {"image_sepconv_col_out", 0},
                                      {"constant_sepconv_col_k", 1},
                                      {"unroll_sepconv_col_0", -1}}));
  v.push_back(fused("harris_fused", {{"image_harris_sobel_src", 0},
                                     {"image_harris_response_dst", 0},
                                     {"unroll_harris_response_0", -1},
                                     {"unroll_harris_response_1", -1}}));
  return v;
}

const std::vector<SubSpace>& all(const std::string& kind) {
  static const std::vector<SubSpace> sub = table(false), widened = without_fused(table(true)), regs = registers(),
                                     split = splits(), slide = slides(), stage = staged(), priv = private_tiles(),
                                     window = fill_windows(), rows = row_splits(), simd = simds();
  return kind == "wide"      ? widened
         : kind == "regs"    ? regs
         : kind == "split"   ? split
         : kind == "slide"   ? slide
         : kind == "staged"  ? stage
         : kind == "private" ? priv
         : kind == "window"  ? window
         : kind == "rows"    ? rows
         : kind == "simd"    ? simd
                             : sub;
}

}  // namespace

const std::vector<std::string>& subspace_kinds() {
  static const std::vector<std::string> k = {"sub",    "wide",    "regs",   "split", "slide",
                                             "staged", "private", "window", "rows",  "simd"};
  return k;
}

bool is_cpu_subspace(const std::string& space_name) {
  const auto colon = space_name.rfind(':');
  if (colon == std::string::npos) return false;
  const auto kind = space_name.substr(colon + 1);
  return kind == "rows" || kind == "simd";
}

bool is_large_subspace(const std::string& space_name) {
  const auto colon = space_name.rfind(':');
  if (colon == std::string::npos) return false;
  const auto kind = space_name.substr(colon + 1);
  return kind == "wide" || kind == "regs" || kind == "slide" || kind == "staged" || kind == "private" ||
         kind == "window";
}

const SubSpace& imagecl_subspace(const std::string& kernel, const std::string& kind) {
  const auto& kinds = subspace_kinds();
  if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
    throw Error("unknown sub-space kind '" + kind + "'",
                "use sub, wide, regs, split, slide, staged, private, window, rows or simd");
  std::string names;
  for (const auto& s : all(kind)) {
    if (s.kernel == kernel) return s;
    names += " " + s.kernel;
  }
  throw Error("no tuning sub-space for ImageCL kernel '" + kernel + "'", "sub-spaces exist for:" + names);
}

bool has_imagecl_subspace(const std::string& kernel, const std::string& kind) {
  for (const auto& s : all(kind))
    if (s.kernel == kernel) return true;
  return false;
}

}  // namespace filterlab::tuner
