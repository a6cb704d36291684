#include "tuner/imagecl_subspace.hpp"

#include "error.hpp"

namespace filterlab::tuner {
namespace {

// What every sub-space shares: work-groups and coarsening from the paper's GPU columns
// (work-groups 16..64 x 4..8, 1..2 pixels per work-item per axis) and the thread mapping.
std::vector<SubParam> common() {
  return {{"wg_x", {"wg_x"}, {16, 32, 64}},
          {"wg_y", {"wg_y"}, {4, 8}},
          {"coarsen_x", {"coarsen_x"}, {1, 2}},
          {"coarsen_y", {"coarsen_y"}, {1, 2}},
          {"interleaved", {"interleaved"}, {0, 1}}};
}

SubSpace make(const std::string& kernel, const std::string& rationale, std::vector<SubParam> extra, std::vector<Fixed> fixed) {
  SubSpace s{kernel, rationale, common(), std::move(fixed)};
  for (auto& p : extra) s.params.push_back(std::move(p));
  return s;
}

const std::vector<SubSpace>& all() {
  static const std::vector<SubSpace> s = {
      make("sepconv_row", "Table 2: image and local memory of the input vary between devices; constant memory always on",
           {{"image_in", {"image_in"}, {0, 1}}, {"local_in", {"local_in"}, {0, 1}}},
           {{"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}}),
      make("sepconv_col", "Table 2: as the row kernel",
           {{"image_in", {"image_in"}, {0, 1}}, {"local_in", {"local_in"}, {0, 1}}},
           {{"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}}),
      make("conv2d_u8", "Table 3: image and local memory of the input vary; constant memory and unrolling always on",
           {{"image_in", {"image_in"}, {0, 1}}, {"local_in", {"local_in"}, {0, 1}}},
           {{"image_out", 0}, {"constant_k", 1}, {"unroll_0", -1}, {"unroll_1", -1}}),
      make("harris_sobel", "Table 4: image and local memory of the source vary",
           {{"image_src", {"image_src"}, {0, 1}}, {"local_src", {"local_src"}, {0, 1}}},
           {{"image_dx", 0}, {"image_dy", 0}}),
      make("harris_response", "Table 5: image and local memory of dx and dy vary, always alike (tied here)",
           {{"image_dxdy", {"image_dx", "image_dy"}, {0, 1}}, {"local_dxdy", {"local_dx", "local_dy"}, {0, 1}}},
           {{"image_dst", 0}, {"unroll_0", -1}, {"unroll_1", -1}}),
  };
  return s;
}

}  // namespace

const SubSpace& imagecl_subspace(const std::string& kernel) {
  std::string names;
  for (const auto& s : all()) {
    if (s.kernel == kernel) return s;
    names += " " + s.kernel;
  }
  throw Error("no tuning sub-space for ImageCL kernel '" + kernel + "'", "sub-spaces exist for:" + names);
}

}  // namespace filterlab::tuner
