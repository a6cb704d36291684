// The Sobel family: OpenCV's Sobel derivatives (cv::Sobel's coefficients, reference/sobel.hpp)
// on the gradient kernels and runner the Scharr studies use. Single (one derivative per launch)
// and double (both in one launch), images and buffer, 3x3..9x9, all five borders; judged by the
// oracle with Sobel's coefficients. Registered by FILTERLAB_FAMILY(sobel) in registered.def.
#include "families/gradient/gradient_family.hpp"
#include "reference/sobel.hpp"

namespace filterlab {
namespace {

const CoefficientSet& sobel_coefficients() {
  static const CoefficientSet set{
      "sobel",
      {3, 5, 7, 9},
      ref::sobel_kernel,
      ref::sobel_separable,
      {GradientFamily::design("sobel.single",
                              "cv::Sobel's d/dx or d/dy, one filter per "
                              "launch, KxK taps from constant memory"),
       GradientFamily::design("sobel.double", "cv::Sobel's d/dx and d/dy in one launch").with_both()}};
  return set;
}

class SobelFamily : public FilterFamily {
 public:
  std::string name() const override { return "sobel"; }
  std::string study() const override {
    return "OpenCV's Sobel derivatives (getDerivKernels) 3x3..9x9 on the gradient kernels of Studies 1 and 2";
  }
  std::vector<SubfamilyInfo> subfamilies() const override { return gradient_subfamilies(sobel_coefficients()); }
  std::vector<VariantPtr> variants() const override {
    return gradient_filter_variants(gradient_variants(sobel_coefficients()));
  }
  std::vector<OptionSpec> filter_options() const override { return gradient_filter_options(); }
  int filter(const FilterRequest& request) const override { return filter_gradient(sobel_coefficients(), request); }
};

}  // namespace

std::unique_ptr<FilterFamily> make_sobel_family() { return std::make_unique<SobelFamily>(); }

}  // namespace filterlab
