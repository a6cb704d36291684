#include "tuning.hpp"

#include <algorithm>

#include "vector_types.hpp"

namespace filterlab::imagecl {
namespace {

TuningParam param(const std::string& name, const std::string& define, const std::string& table1,
                  std::vector<long> values, const std::string& note = "") {
  return TuningParam{name, define, table1, note, std::move(values)};
}

std::vector<long> switch_values(const KernelModel& m, const std::string& key, bool eligible) {
  if (!eligible) return {0};
  if (auto it = m.forced.find(key); it != m.forced.end()) return {it->second};
  return {0, 1};
}

// A float multiply and a float add (or a mad) in the body: something OpenCL's default contraction
// may fuse into one fma. Unknown counts (a loop without a constant trip count) are offered too.
bool contractible(const KernelCounts& c) {
  const auto& p = c.per_pixel;
  return !c.known || (p.fp32_mul > 0 && p.fp32_add > 0) || p.fp32_fma > 0;
}

}  // namespace

TuningParam exact_param() {
  return param("exact", "ICL_EXACT", "Exact float arithmetic (FP contraction off)", {0, 1},
               "0: OpenCL's default, FP_CONTRACT ON (the device compiler may fuse a * b + c of one expression into "
               "an fma); 1: #pragma OPENCL FP_CONTRACT OFF, every operation rounded as the CPU reference does");
}

void build_tuning(KernelModel& m) {
  m.tuning.push_back(param("wg_x", "ICL_WG_X", "Work-group size X", {1, 2, 4, 8, 16, 32, 64, 128, 256}));
  m.tuning.push_back(param("wg_y", "ICL_WG_Y", "Work-group size Y", {1, 2, 4, 8, 16, 32, 64}));
  // Up to 256 along x: the paper's tuned CPU configurations compute 32-256 pixels per work-item;
  // 1024 for the CPU code paths, whose work-items stream whole rows of the CPU images.
  m.tuning.push_back(param("coarsen_x", "ICL_CX", "Thread coarsening X (logical threads per work-item)",
                           {1, 2, 4, 8, 16, 32, 64, 128, 256, 1024}));
  m.tuning.push_back(
      param("coarsen_y", "ICL_CY", "Thread coarsening Y (logical threads per work-item)", {1, 2, 4, 8, 16, 32, 64}));
  if (m.grid_dims == 3) {
    m.tuning.push_back(param("wg_z", "ICL_WG_Z", "Work-group size Z", {1, 2, 4, 8, 16}));
    m.tuning.push_back(param("coarsen_z", "ICL_CZ", "Thread coarsening Z (logical threads per work-item)", {1, 2, 4}));
  }
  m.tuning.push_back(param("interleaved", "ICL_INTERLEAVED", "Thread mapping (0 blocked, 1 interleaved)",
                           switch_values(m, "interleaved", true),
                           "interleaving happens inside the work-group when any Image uses local memory"));
  for (const auto& img : m.images)
    if (img.image_memory_eligible)
      m.tuning.push_back(param("image_" + img.name, "ICL_IMAGE_" + img.name, "Image memory",
                               switch_values(m, "image:" + img.name, true)));
  for (const auto& arr : m.arrays)
    if (arr.constant_memory_eligible)
      m.tuning.push_back(param("constant_" + arr.name, "ICL_CONSTANT_" + arr.name, "Constant memory",
                               switch_values(m, "constant:" + arr.name, true)));
  for (const auto& img : m.images)
    if (img.local_memory_eligible)
      m.tuning.push_back(param("local_" + img.name, "ICL_LOCAL_" + img.name, "Local memory",
                               switch_values(m, "local:" + img.name, true)));
  for (const auto& l : m.loops) {
    if (!l.unrollable) continue;
    std::vector<long> values = l.factors;
    if (auto it = m.forced.find("unroll:" + std::to_string(l.id)); it != m.forced.end())
      values = {it->second ? l.factors.back() : 1L};
    m.tuning.push_back(param("unroll_" + std::to_string(l.id), "ICL_UNROLL_" + std::to_string(l.id), "Loop unrolling",
                             values, "loop over '" + l.variable + "' at line " + std::to_string(l.line)));
  }
  // After the paper's parameters, so that their order (and the IDs' prefix) stays as it was.
  if (m.interior_eligible)
    m.tuning.push_back(param("interior", "ICL_INTERIOR", "Interior/border split (AMD's work-group classes)", {0, 1},
                             "work-groups whose stencil footprint lies inside every Image skip boundary handling; "
                             "needs blocked mapping or local memory"));
  for (const auto& img : m.images) {
    if (!img.window_eligible) continue;
    m.tuning.push_back(param("window_" + img.name, "ICL_WINDOW_" + img.name, "Register window (Qualcomm's step 2)",
                             {0, 1},
                             "each work-item loads its (coarsen_x + halo_x) x (coarsen_y + halo_y) pixels once; "
                             "needs blocked mapping, no local or image memory for the Image"));
    // Vector pixels (float4, ...) load one pixel at a time: a vloadN of them is not generated.
    const bool vector_pixel = parse_vector_type(img.pixel).has_value();
    m.tuning.push_back(
        param("vector_" + img.name, "ICL_VECTOR_" + img.name, "Vector loads of the window (Qualcomm's step 3)",
              vector_pixel ? std::vector<long>{1} : std::vector<long>{1, 4, 8, 16},
              vector_pixel ? "vector pixels: one pixel per load"
                           : "aligned vloadN of the window rows; needs window 1 and coarsen_x a multiple of N"));
  }
  for (const auto& img : m.images)
    if (img.vector_store_eligible)
      m.tuning.push_back(
          param("vector_" + img.name, "ICL_VECTOR_" + img.name,
                "Vector stores of a work-item's row (Qualcomm's step 3)", {1, 4, 8, 16},
                "the coarsen_x outputs of a row kept in registers and stored as aligned N-pixel "
                "vectors; needs blocked mapping, coarsen_x a multiple of N and no image memory for the Image"));
  for (const auto& arr : m.arrays)
    if (arr.literal_eligible)
      m.tuning.push_back(param("literal_" + arr.name, "ICL_LITERAL_" + arr.name,
                               "Constant weights (the blog's predefined kernels)", {0, 1},
                               "reads of " + arr.name +
                                   " from a __constant table of its #pragma imagecl weights values; "
                                   "acc += w[e] * x skipped where w[e] is 0"));
  for (const auto& img : m.images)
    if (img.window_eligible && img.max_y > img.min_y)  // a window of one row has nothing to slide
      m.tuning.push_back(param("slide_" + img.name, "ICL_SLIDE_" + img.name, "Sliding rows (register caching along y)",
                               {0, 1},
                               "the window holds halo_y + 1 rows as a ring: each output row loads one new row, so a "
                               "work-item's rows reuse the rows above them with fewer live registers; needs window 1"));
  // Where the Image can be in local memory and every read of it converts to float at once.
  for (const auto& img : m.images)
    if (img.float_window && switch_values(m, "local:" + img.name, img.local_memory_eligible).back() == 1)
      m.tuning.push_back(param("convert_" + img.name, "ICL_CONVERT_" + img.name,
                               "Convert while staging (local tile of floats)", {0, 1},
                               "the local tile holds floats: each staged 8- or 16-bit pixel is converted once, where "
                               "the tile of pixels converts it at every read of the stencil; needs local 1"));
  // Last, so that every earlier ID keeps its meaning: the kernels were always built under OpenCL's
  // default contraction, which exact 0 (left out of IDs) names.
  if (contractible(m.counts)) m.tuning.push_back(exact_param());
  // After exact: the row split's source is a second one (space JSON row_split), so the kernel's own
  // source and every earlier configuration's program stay what they were.
  if (m.interior_eligible && m.grid_dims == 2)
    m.tuning.push_back(param("row_split", "ICL_ROW_SPLIT", "Row interior split (CPU code path)", {0, 1},
                             "work-groups outside the interior split run each output row as a checked head, an "
                             "unchecked middle (the x range whose stencil lies inside every Image) and a checked "
                             "tail: long blocks along x keep boundary tests off their interior pixels; needs "
                             "blocked mapping"));
  // After row_split, in a third source (space JSON simd): the strip vectorisation and its exact
  // fast conversions, which exist only there.
  if (m.simd_eligible) {
    m.tuning.push_back(param("simd", "ICL_SIMD", "Strip vectorisation (CPU code path)", {0, 4, 8, 16},
                             "each row of a work-item's outputs runs as strips of N lanes: vloadN of every "
                             "stencil row at its offset, arithmetic on N-lane vectors, one vstoreN per strip; strips "
                             "whose stencil leaves an Image run the body per pixel, checked; needs blocked mapping, "
                             "coarsen_x a multiple of N, no local, image or window memory, no vector stores and "
                             "row_split 0"));
    if (m.simd_rounds)
      m.tuning.push_back(param("fast_round", "ICL_FAST_ROUND", "Exact fast rounding to 8/16 bits", {0, 1},
                               "convert_uchar/ushort_sat_rte of lanes by a clamp and the 2^23 magic number "
                               "(bit-identical for every float); needs simd > 0"));
    if (m.simd_widens)
      m.tuning.push_back(param("fast_widen", "ICL_FAST_WIDEN", "Exact fast widening of 8/16-bit lanes", {0, 1},
                               "uchar/ushort lanes to float through the bits of 2^23 + u (exact); needs simd > 0"));
    if (m.simd_lockstep)
      m.tuning.push_back(param("lockstep", "ICL_LOCKSTEP", "Rows of a strip in lockstep", {0, 1},
                               "where a strip's coarsen_y rows all lie inside, each statement that depends on the "
                               "row runs for every row before the next statement (a local per row): the rows' "
                               "sums are independent chains the core overlaps; needs simd > 0"));
  }
  // After the strip path, in every source: the integer-exact sums (integer_sums.hpp).
  for (const auto& arr : m.arrays)
    if (arr.integer_eligible)
      m.tuning.push_back(param("integer_" + arr.name, "ICL_INTEGER_" + arr.name, "Integer-exact sums", {0, 1},
                               "acc += " + arr.name + "[e] * x summed in int32 over the weights times 2^" +
                                   std::to_string(arr.integer_shift) +
                                   ", converted and scaled once: bit-identical to the float sum (every partial sum "
                                   "is exact), so exact mode keeps it; needs literal_" +
                                   arr.name + " 1"));
  // After them, in the simd source: edge lanes.
  if (m.simd_eligible && std::any_of(m.images.begin(), m.images.end(), [](const ImageInfo& i) { return i.read; }))
    m.tuning.push_back(param("edge_lanes", "ICL_EDGE_LANES", "Edge strips in lanes (CPU code path)", {0, 1},
                             "a strip whose stencil leaves a read Image but whose outputs lie inside runs the lanes "
                             "body on N pixels gathered through the boundary rule instead of pixel by pixel; needs "
                             "simd > 0"));
}

}  // namespace filterlab::imagecl
