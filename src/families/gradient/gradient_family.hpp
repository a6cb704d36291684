#pragma once
// What every gradient family shares in the registry: a CoefficientSet's kernel designs
// (gradient_variant.hpp) run by GradientRunner and judged by verify_variant, each variant checked on
// every border, and `filterlab filter` computing d/dx or d/dy. A family that is a new derivative
// filter on these kernels (sobel_family.cpp) needs only its CoefficientSet and these.
#include <string>
#include <vector>

#include "families/family.hpp"
#include "families/gradient/gradient_variant.hpp"

namespace filterlab {

class GradientFilterVariant : public FilterVariant {
 public:
  explicit GradientFilterVariant(GradientVariant v) : v_(std::move(v)) {}
  std::string id() const override { return v_.id(); }
  std::string family() const override { return v_.family; }
  std::vector<std::string> verify_cases() const override;  // every border
  CaseOutcome verify(ocl::Runtime& rt, const std::string& case_name) const override;
  // Both derivatives, judged exactly against the oracle with the variant's own coefficients.
  std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height,
                                      const std::string& case_name) const override;
  std::vector<ProgramRecord> programs() const override;  // one per border
  const GradientVariant& variant() const { return v_; }

 private:
  GradientVariant v_;
};

// The set's families, by name and summary.
std::vector<SubfamilyInfo> gradient_subfamilies(const CoefficientSet& set);
// Variants in the registry's form (e.g. gradient_variants(set)).
std::vector<VariantPtr> gradient_filter_variants(std::vector<GradientVariant> variants);
// `filter`'s options of every gradient family: --storage, --ksize, --axis, --border, --border-value.
std::vector<OptionSpec> gradient_filter_options();
// `filterlab filter` with one of the set's families: validates every option first, applies the
// variant's d/dx (--axis x) or d/dy (--axis y) and writes the output; returns the exit code.
int filter_gradient(const CoefficientSet& set, const FilterRequest& request);

}  // namespace filterlab
