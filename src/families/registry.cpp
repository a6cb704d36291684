#include <algorithm>

#include "error.hpp"
#include "families/family.hpp"
#include "tuner/space.hpp"

namespace filterlab {

// Each family's factory, defined in its own <name>_family.cpp.
#define FILTERLAB_FAMILY(name) std::unique_ptr<FilterFamily> make_##name##_family();
#include "families/registered.def"
#undef FILTERLAB_FAMILY

const std::vector<std::unique_ptr<FilterFamily>>& filter_families() {
  static const auto families = [] {
    std::vector<std::unique_ptr<FilterFamily>> out;
#define FILTERLAB_FAMILY(name) out.push_back(make_##name##_family());
#include "families/registered.def"
#undef FILTERLAB_FAMILY
    return out;
  }();
  return families;
}

std::vector<VariantPtr> registered_filter_variants(const std::string& filter) {
  std::vector<VariantPtr> out;
  for (const auto& f : filter_families())
    for (auto& v : f->variants())
      if (filter.empty() || v->id().find(filter) != std::string::npos) out.push_back(std::move(v));
  return out;
}

std::unique_ptr<TimedRun> FilterVariant::timed_run(ocl::Runtime&, int, int, const std::string&) const {
  return nullptr;
}

bool FilterFamily::owns(const std::string& subfamily) const {
  const auto subs = subfamilies();
  return std::any_of(subs.begin(), subs.end(), [&](const SubfamilyInfo& s) { return s.name == subfamily; });
}

std::unique_ptr<tuner::Space> FilterFamily::tuning_space(const std::string&, ocl::Runtime&,
                                                         const tuner::SpaceSettings&) const {
  return nullptr;
}

std::optional<std::vector<ProgramRecord>> FilterFamily::programs_of(const std::string& id) const {
  for (const auto& v : variants())
    if (v->id() == id) return v->programs();
  return std::nullopt;
}

int FilterFamily::filter(const FilterRequest& request) const {
  throw Error("family '" + request.family + "' computes no image that `filter` could write");
}

const FilterFamily& family_for_filter(const std::string& subfamily) {
  std::string takes, refuses;
  for (const auto& f : filter_families()) {
    if (f->owns(subfamily)) {
      const auto why = f->why_no_filter(subfamily);
      if (!why.empty()) throw Error("`filter` cannot apply '" + subfamily + "'", why);
      return *f;
    }
    for (const auto& s : f->subfamilies()) {
      const auto why = f->why_no_filter(s.name);
      (why.empty() ? takes : refuses) += "\n  " + s.name + (why.empty() ? "" : " (" + why + ")");
    }
  }
  throw Error("unknown filter family '" + subfamily + "'",
              "`filter` takes:" + takes + (refuses.empty() ? "" : "\nand not:" + refuses));
}

}  // namespace filterlab
