#include "filters/variant.hpp"

#include "error.hpp"

namespace filterlab {

namespace {
constexpr const char* kFamilies[] = {"scharr.single"};
constexpr int kSizes[] = {3, 5, 7, 9};
}  // namespace

std::string Variant::id() const {
  return family + "/" + std::string(storage_name(storage)) + "/k" + std::to_string(ksize) + "/wg" +
         std::to_string(local_w) + "x" + std::to_string(local_h);
}

std::vector<std::string> Variant::kernel_files() const {
  return {"common/border.cl", "common/storage.cl", "scharr/single.cl"};
}

std::string Variant::kernel_name() const { return "scharr_single"; }

std::string Variant::build_options(ref::Border border) const {
  // -cl-std=CL1.2: the newest OpenCL C every device we use accepts (NVIDIA offers only 1.2).
  return "-cl-std=CL1.2 -DKSIZE=" + std::to_string(ksize) + " -DFL_BORDER=" + std::to_string(static_cast<int>(border)) +
         " -DFL_IMAGES=" + (storage == Storage::Images ? "1" : "0");
}

std::vector<Variant> registered_variants() {
  std::vector<Variant> out;
  for (const char* family : kFamilies)
    for (Storage s : kAllStorages)
      for (int k : kSizes) out.push_back(Variant{family, s, k, 16, 16});
  return out;
}

std::vector<Variant> find_variants(const std::string& filter) {
  std::vector<Variant> out;
  for (const auto& v : registered_variants())
    if (filter.empty() || v.id().find(filter) != std::string::npos) out.push_back(v);
  if (out.empty()) {
    std::string ids;
    for (const auto& v : registered_variants()) ids += "\n  " + v.id();
    throw Error("no registered variant matches '" + filter + "'", "registered variants are:" + ids);
  }
  return out;
}

Variant make_variant(const std::string& family, const std::string& storage, int ksize, std::size_t local_w,
                     std::size_t local_h) {
  bool known = false;
  for (const char* f : kFamilies) known = known || family == f;
  if (!known) throw Error("unknown filter family '" + family + "'", "use scharr.single");
  const auto s = parse_storage(storage);
  if (!s) throw Error("unknown storage '" + storage + "'", "use images or buffer");
  if (!ref::valid_scharr_size(ksize))
    throw Error("filter size " + std::to_string(ksize) + " is not supported",
                ksize > 0 && ksize % 2 == 0 ? "filter sizes must be odd: use 3, 5, 7 or 9" : "use 3, 5, 7 or 9");
  if (local_w == 0 || local_h == 0) throw Error("work-group sizes must be positive");
  return Variant{family, *s, ksize, local_w, local_h};
}

}  // namespace filterlab
