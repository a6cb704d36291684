#include "families/gradient/gradient_variant.hpp"

#include <algorithm>

#include "error.hpp"
#include "families/gradient/predefined_source.hpp"

namespace filterlab {

namespace {
using CP = CopyPattern;
// Work-groups registered besides 16x16 (0x0: the runtime's choice).
struct ExtraGroups {
  const char* family;
  std::vector<std::pair<std::size_t, std::size_t>> groups;
  bool buffer_only;  // else on every storage of the family
  std::vector<int> sizes;
};
const std::vector<int> kAllSizes = {3, 5, 7, 9};
const ExtraGroups kExtraGroups[] = {
    // The fastest families (wider rows coalesce better), on buffers, the faster storage for them
    // on every device we measured.
    {"scharr.double_predefined", {{32, 8}, {64, 4}}, true, kAllSizes},
    {"scharr.double_predefined_rows8", {{64, 4}, {128, 2}, {256, 1}}, true, kAllSizes},
    {"scharr.double_predefined_rows8_onelaunch", {{64, 4}, {128, 2}, {256, 1}}, true, kAllSizes},
    // The storage study: the runtime's choice at every size (its Figure 3), a local-size sweep at 5x5.
    {"scharr.single", {{0, 0}}, false, kAllSizes},
    {"scharr.single", {{8, 8}, {32, 8}, {32, 32}, {64, 4}}, false, {5}},
};

std::string define(const char* name, long value) { return std::string(" -D") + name + "=" + std::to_string(value); }

// The FL_STORAGE number of common/storage.cl.
long storage_define(Storage s) {
  switch (s) {
    case Storage::Buffer:
      return 0;
    case Storage::Images:
      return 1;
    case Storage::ImageBuffer:
      return 2;
    case Storage::Cubes:
      return 3;
  }
  return -1;
}
}  // namespace

const char* copy_pattern_name(CopyPattern p) {
  switch (p) {
    case CopyPattern::TwoLoop:
      return "2loop";
    case CopyPattern::Remap:
      return "remap";
    case CopyPattern::None:
      break;
  }
  return "none";
}

CopyPattern article_copy_rule(int ksize) { return ksize <= 7 ? CopyPattern::Remap : CopyPattern::TwoLoop; }

const CoefficientSet& scharr_coefficients() {
  using D = GradientFamily;
  static const std::vector<GradientFamily> f = {
      D::design("scharr.single", "one filter per launch, KxK taps from constant memory").with_all_storages(),
      D::design("scharr.local", "tile in local memory, copy pattern by the article's rule")
          .with_local()
          .with_all_storages(),
      D::design("scharr.local_2loop", "tile in local memory, two-loop zigzag copy").with_local(CP::TwoLoop),
      D::design("scharr.local_remap", "tile in local memory, 1-D index remap copy").with_local(CP::Remap),
      D::design("scharr.separable", "two 1-D passes through a temporary level").with_separable(),
      D::design("scharr.double", "d/dx and d/dy in one launch").with_both(),
      D::design("scharr.predefined", "generated code, only the 6 non-zero taps").with_predefined(),
      D::design("scharr.double_local", "double + local memory").with_local().with_both(),
      D::design("scharr.double_predefined", "double + predefined").with_both().with_predefined(),
      D::design("scharr.predefined_local", "predefined + local memory").with_local().with_predefined(),
      D::design("scharr.double_predefined_local", "double + predefined + local memory")
          .with_local()
          .with_both()
          .with_predefined(),
      // Our extensions beyond the article: 8 pixels per work-item in a column, shared loads; and
      // the same with every level of the pyramid in one launch.
      D::design("scharr.double_predefined_rows8",
                "double + predefined, 8 pixels per work-item in a column (our extension)")
          .with_both()
          .with_predefined()
          .with_rows(8),
      D::design("scharr.double_predefined_rows8_onelaunch",
                "rows8 with every level in one launch (our extension, buffer only)")
          .with_both()
          .with_predefined()
          .with_rows(8)
          .with_one_launch(),
  };

  static const CoefficientSet set{"scharr", {3, 5, 7, 9}, ref::scharr_kernel, ref::scharr_separable, f};
  return set;
}

const std::vector<GradientFamily>& scharr_families() { return scharr_coefficients().families; }

std::string GradientVariant::id() const {
  return family + "/" + std::string(storage_name(storage)) + "/k" + std::to_string(ksize) + "/wg" +
         (default_local_size() ? std::string("default") : std::to_string(local_w) + "x" + std::to_string(local_h));
}

std::vector<Storage> GradientFamily::storages() const {
  if (one_launch) return {Storage::Buffer};
  if (all_storages) return {std::begin(kAllStorages), std::end(kAllStorages)};
  return {Storage::Images, Storage::Buffer};
}

const GradientFamily& GradientVariant::traits() const {
  for (const auto& f : coefficients->families)
    if (family == f.name) return f;
  throw Error("unknown filter family '" + family + "'");
}

ref::Kernel2D GradientVariant::kernel(ref::Axis axis) const { return coefficients->kernel(ksize, axis); }

std::pair<std::vector<double>, std::vector<double>> GradientVariant::separable(ref::Axis axis) const {
  return coefficients->separable(ksize, axis);
}

CopyPattern GradientVariant::copy_pattern() const {
  const auto& t = traits();
  if (!t.local) return CopyPattern::None;
  return t.copy == CopyPattern::None ? article_copy_rule(ksize) : t.copy;
}

std::vector<std::string> GradientVariant::kernel_files() const {
  return {"common/border.cl", "common/storage.cl", traits().separable ? "scharr/separable.cl" : "scharr/gradient.cl"};
}

std::vector<ocl::GeneratedSource> GradientVariant::generated_sources() const {
  const auto& t = traits();
  if (!t.predefined) return {};
  const std::string name = std::string(coefficients->name) + "_predefined_k" + std::to_string(ksize);
  const auto kx = kernel(ref::Axis::X), ky = kernel(ref::Axis::Y);
  if (t.rows > 1)
    return {
        {name + "_rows" + std::to_string(t.rows) + ".cl", predefined_strip_source(coefficients->name, kx, ky, t.rows)}};
  return {{name + ".cl", predefined_source(coefficients->name, kx, ky)}};
}

std::vector<KernelBuild> GradientVariant::kernel_builds(ref::Border border) const {
  const auto& t = traits();
  // -cl-std=CL1.2: the newest OpenCL C every device we use accepts (NVIDIA offers only 1.2).
  const std::string common = "-cl-std=CL1.2" + define("KSIZE", ksize) + define("FL_BORDER", static_cast<int>(border)) +
                             define("FL_STORAGE", storage_define(storage));
  if (t.separable)
    return {{"scharr_pass", common + define("FL_PASS_VERTICAL", 0), "pass_h"},
            {"scharr_pass", common + define("FL_PASS_VERTICAL", 1), "pass_v"}};
  const std::string opts = common + define("FL_DOUBLE", t.both) + define("FL_LOCAL", t.local) +
                           define("FL_COPY_REMAP", copy_pattern() == CopyPattern::Remap) +
                           define("FL_PREDEFINED", t.predefined) + define("FL_WG_W", static_cast<long>(local_w)) +
                           define("FL_WG_H", static_cast<long>(local_h)) + define("FL_ROWS", t.rows) +
                           define("FL_PYRAMID", t.one_launch);
  if (t.both) return {{"scharr_gradient", opts, "xy"}};
  // Predefined code is specific to one derivative; otherwise the filter is an argument.
  if (t.predefined)
    return {{"scharr_gradient", opts + define("FL_AXIS", 0), "x"},
            {"scharr_gradient", opts + define("FL_AXIS", 1), "y"}};
  return {{"scharr_gradient", opts, "x"}};
}

std::string GradientVariant::build_options(ref::Border border) const {
  std::string out;
  for (const auto& b : kernel_builds(border)) out += (out.empty() ? "" : " | ") + b.options;
  return out;
}

int GradientVariant::launches_per_unit() const {
  const auto& t = traits();
  return t.separable ? 4 : t.both ? 1 : 2;
}

std::size_t GradientVariant::local_bytes() const {
  if (!traits().local) return 0;
  const std::size_t halo = static_cast<std::size_t>(ksize - 1);
  return (local_w + halo) * (local_h + halo) * sizeof(float);
}

std::vector<GradientVariant> gradient_variants(const CoefficientSet& set) {
  std::vector<GradientVariant> out;
  for (const auto& f : set.families)
    for (Storage s : f.storages())
      for (int k : set.sizes) out.push_back(GradientVariant{f.name, s, k, 16, 16, &set});
  return out;
}

std::vector<GradientVariant> registered_scharr_variants() {
  std::vector<GradientVariant> out = gradient_variants(scharr_coefficients());
  for (const auto& e : kExtraGroups)
    for (Storage s :
         e.buffer_only ? std::vector<Storage>{Storage::Buffer} : GradientVariant{e.family}.traits().storages())
      for (const auto& [w, h] : e.groups)
        for (int k : e.sizes) out.push_back(GradientVariant{e.family, s, k, w, h});
  return out;
}

std::vector<GradientVariant> find_scharr_variants(const std::string& filter) {
  std::vector<GradientVariant> out;
  for (const auto& v : registered_scharr_variants())
    if (filter.empty() || v.id().find(filter) != std::string::npos) out.push_back(v);
  if (out.empty()) {
    std::string ids;
    for (const auto& v : registered_scharr_variants()) ids += "\n  " + v.id();
    throw Error("no registered variant matches '" + filter + "'", "registered variants are:" + ids);
  }
  return out;
}

GradientVariant make_variant(const CoefficientSet& set, const std::string& family, const std::string& storage,
                             int ksize, std::size_t local_w, std::size_t local_h) {
  bool known = false;
  std::string names, all_storages;
  for (const auto& f : set.families) {
    known = known || family == f.name;
    names += (names.empty() ? "" : ", ") + std::string(f.name);
    if (f.all_storages) all_storages += (all_storages.empty() ? "" : ", ") + std::string(f.name);
  }
  if (!known) throw Error("unknown filter family '" + family + "'", "use one of " + names);
  const auto s = parse_storage(storage);
  if (!s) throw Error("unknown storage '" + storage + "'", "use images, buffer, image_buffer or cubes");
  const GradientFamily& traits = GradientVariant{family, *s, ksize, 16, 16, &set}.traits();
  const auto supported = traits.storages();
  if (std::find(supported.begin(), supported.end(), *s) == supported.end())
    throw Error(family + " does not run on " + storage + " storage",
                traits.one_launch      ? "its single launch covers every level of one buffer: use --storage buffer"
                : all_storages.empty() ? "use --storage images or buffer"
                                       : "image buffers and cubes serve the storage study's families (" + all_storages +
                                             "): use --storage images or buffer");
  if (std::find(set.sizes.begin(), set.sizes.end(), ksize) == set.sizes.end()) {
    std::string sizes;
    for (std::size_t i = 0; i < set.sizes.size(); ++i)
      sizes += (i == 0 ? "" : i + 1 == set.sizes.size() ? " or " : ", ") + std::to_string(set.sizes[i]);
    throw Error("filter size " + std::to_string(ksize) + " is not supported",
                ksize > 0 && ksize % 2 == 0 ? "filter sizes must be odd: use " + sizes : "use " + sizes);
  }
  const bool fixed_group = traits.local || traits.rows > 1;
  if ((local_w == 0) != (local_h == 0) || (local_w == 0 && fixed_group))
    throw Error("work-group sizes must be positive" + std::string(local_w == 0 && local_h == 0 ? " for " + family : ""),
                "0x0 (the runtime's choice) is for families without local memory or a row strip");
  return GradientVariant{family, *s, ksize, local_w, local_h, &set};
}

GradientVariant make_variant(const std::string& family, const std::string& storage, int ksize, std::size_t local_w,
                             std::size_t local_h) {
  return make_variant(scharr_coefficients(), family, storage, ksize, local_w, local_h);
}

}  // namespace filterlab
