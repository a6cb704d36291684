#include "families/tiled/tiled_variant.hpp"

#include <algorithm>

#include "error.hpp"
#include "ocl/ndrange.hpp"

namespace filterlab {

namespace {
constexpr int kTile = 32;  // the tiled kernel's tile side: 8x8 work-items of 4x4 pixels
std::string define(const char* name, long value) { return std::string(" -D") + name + "=" + std::to_string(value); }
}  // namespace

const std::vector<TiledDesign>& tiled_designs() {
  static const std::vector<TiledDesign> d = {
      {"tiled.naive", "tiled/naive.cl", "tiled_naive", 16, 16, 1, 1, false,
       "one output per work-item, KxK global fetches"},
      {"tiled.twopass", "tiled/twopass.cl", "tiled_pass", 16, 16, 1, 2, false,
       "two 1-D passes, each writing its result transposed"},
      {"tiled.onepass_local", "tiled/onepass_local.cl", "tiled_onepass_local", 16, 16, 1, 1, false,
       "16x16 groups, (16+K-1)^2 patch in local memory"},
      {"tiled.amd", "tiled/amd.cl", "tiled_amd", 8, 8, 4, 1, false,
       "AMD's tiled kernel: 4x4 per work-item, four group classes, per-pixel checked writes"},
      {"tiled.amd_broadcast", "tiled/amd.cl", "tiled_amd", 8, 8, 4, 1, true,
       "AMD's tiled kernel with the paper's broadcast top-left writes"},
  };
  return d;
}

bool is_tiled_design(const std::string& name) {
  for (const auto& d : tiled_designs())
    if (name == d.name) return true;
  return false;
}

const TiledDesign& TiledVariant::traits() const {
  for (const auto& d : tiled_designs())
    if (design == d.name) return d;
  throw Error("unknown tiled design '" + design + "'");
}

std::string TiledVariant::id() const {
  const auto& t = traits();
  return design + "/k" + std::to_string(ksize) + "/wg" + std::to_string(t.local_w) + "x" + std::to_string(t.local_h);
}

std::vector<std::string> TiledVariant::kernel_files() const {
  return {"common/border.cl", "tiled/roi.cl", traits().file};
}

std::string TiledVariant::build_options(ref::Border border, bool count) const {
  const auto& t = traits();
  // -cl-std=CL1.2: the newest OpenCL C every device we use accepts (NVIDIA offers only 1.2).
  return "-cl-std=CL1.2" + define("KSIZE", ksize) + define("FL_BORDER", static_cast<int>(border)) +
         define("FL_WG", static_cast<long>(t.local_w)) + define("FL_WRITE_BROADCAST", t.broadcast) +
         define("FL_COUNT", count);
}

std::size_t TiledVariant::local_bytes() const {
  const auto& t = traits();
  const std::size_t r = static_cast<std::size_t>(ksize / 2);
  if (t.pixels_per_item == 4) {  // the patch and the shared rows overlap (float4-sized), + broadcast value
    const std::size_t patch4 = ((kTile + 2 * r) * (kTile + 2 * r) + 3) / 4, rows4 = (kTile + 2 * r) * kTile / 4;
    return (4 * std::max(patch4, rows4) + (t.broadcast ? 1 : 0)) * sizeof(float);
  }
  if (design == "tiled.onepass_local") return (t.local_w + 2 * r) * (t.local_h + 2 * r) * sizeof(float);
  if (design == "tiled.twopass") return t.local_w * (t.local_w + 1) * sizeof(float);
  return 0;
}

std::size_t TiledVariant::global_w(int w, int /*h*/) const {
  const auto& t = traits();
  if (t.pixels_per_item == 4) return ocl::round_up(static_cast<std::size_t>(w), kTile) / 4;
  return ocl::round_up(static_cast<std::size_t>(w), t.local_w);
}

std::size_t TiledVariant::global_h(int /*w*/, int h) const {
  const auto& t = traits();
  if (t.pixels_per_item == 4) return ocl::round_up(static_cast<std::size_t>(h), kTile) / 4;
  return ocl::round_up(static_cast<std::size_t>(h), t.local_h);
}

std::vector<TiledVariant> registered_tiled_variants() {
  std::vector<TiledVariant> out;
  for (const auto& d : tiled_designs())
    for (int k : kTiledSizes) out.push_back(TiledVariant{d.name, k});
  return out;
}

std::vector<TiledVariant> find_tiled_variants(const std::string& filter) {
  std::vector<TiledVariant> out;
  for (const auto& v : registered_tiled_variants())
    if (filter.empty() || v.id().find(filter) != std::string::npos) out.push_back(v);
  return out;
}

TiledVariant make_tiled_variant(const std::string& design, int ksize) {
  if (!is_tiled_design(design)) {
    std::string names;
    for (const auto& d : tiled_designs()) names += (names.empty() ? "" : ", ") + std::string(d.name);
    throw Error("unknown tiled design '" + design + "'", "use one of " + names);
  }
  if (ksize < 3 || ksize > 9 || ksize % 2 == 0)
    throw Error("filter size " + std::to_string(ksize) + " is not supported",
                ksize > 0 && ksize % 2 == 0 ? "filter sizes must be odd: use 3, 5, 7 or 9" : "use 3, 5, 7 or 9");
  return TiledVariant{design, ksize};
}

TiledClassCounts tiled_class_counts(int w, int h, int radius) {
  TiledClassCounts c;
  for (int oy = 0; oy < h; oy += kTile)
    for (int ox = 0; ox < w; ox += kTile) {
      const bool free_read = ox >= radius && oy >= radius && ox + kTile + radius <= w && oy + kTile + radius <= h;
      const bool free_write = ox + kTile <= w && oy + kTile <= h;
      ++c.groups[(free_read ? 1 : 0) + (free_write ? 2 : 0)];
    }
  return c;
}

}  // namespace filterlab
