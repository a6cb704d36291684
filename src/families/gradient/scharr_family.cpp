// Studies 1 and 2: the Scharr gradient families (gradient_variant.hpp) in the registry, on the
// gradient machinery every derivative family shares (gradient_family.hpp).
#include "families/gradient/gradient_family.hpp"
#include "families/gradient/scharr_space.hpp"
#include "ocl/runtime.hpp"
#include "tuner/spaces.hpp"

namespace filterlab {
namespace {

class ScharrFamily : public FilterFamily {
 public:
  std::string name() const override { return "scharr"; }
  std::string study() const override { return "Studies 1 and 2: Scharr gradient filters on four storage types"; }
  std::vector<SubfamilyInfo> subfamilies() const override { return gradient_subfamilies(scharr_coefficients()); }
  // The gradient study's variants and the storage study's work-group alternatives.
  std::vector<VariantPtr> variants() const override { return gradient_filter_variants(registered_scharr_variants()); }
  std::vector<std::string> tuning_spaces() const override { return {tuner::kScharrSpace}; }
  std::unique_ptr<tuner::Space> tuning_space(const std::string& name, ocl::Runtime& rt,
                                             const tuner::SpaceSettings& s) const override {
    if (name != tuner::kScharrSpace) return nullptr;
    // Study 1's base level, 3866 x 4320, divided on CPU devices.
    const int d = rt.device.info.is_cpu() ? s.cpu_divisor : 1;
    return std::make_unique<tuner::ScharrSpace>(&rt, 3866 / d, 4320 / d, tuner::default_timing(rt.device.info, s));
  }
  std::vector<OptionSpec> filter_options() const override { return gradient_filter_options(); }
  int filter(const FilterRequest& request) const override { return filter_gradient(scharr_coefficients(), request); }
};

}  // namespace

std::unique_ptr<FilterFamily> make_scharr_family() { return std::make_unique<ScharrFamily>(); }

}  // namespace filterlab
