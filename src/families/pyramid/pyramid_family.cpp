// Study 2: the pyramid checks (pyramid_verify.hpp) in the registry. They check the pyramid
// built on the device and key points read from every level; they filter no user image.
#include "error.hpp"
#include "families/pyramid/pyramid_verify.hpp"
#include "families/verify_cells.hpp"

namespace filterlab {
namespace {

class PyramidCheckVariant : public FilterVariant {
 public:
  explicit PyramidCheckVariant(std::string id) : id_(std::move(id)) {}
  std::string id() const override { return id_; }
  std::string family() const override { return id_.substr(0, id_.find('/')); }
  std::vector<std::string> verify_cases() const override { return {"-"}; }
  CaseOutcome verify(ocl::Runtime& rt, const std::string&) const override {
    // Exact (integer data); the third column: pixels or points compared.
    const auto r = run_pyramid_check(rt, id_);
    return CaseOutcome{r.passed, r.passed ? "ok" : "FAIL: " + r.failure, {"-", "-", "n " + std::to_string(r.compared)}};
  }

 private:
  std::string id_;
};

class PyramidFamily : public FilterFamily {
 public:
  std::string name() const override { return "pyramid"; }
  std::string study() const override { return "Study 2: the 4x4 image pyramid on four storage types"; }
  std::vector<SubfamilyInfo> subfamilies() const override {
    return {{"pyramid.build", "Study 2, the pyramid built on the device, against the oracle's"},
            {"pyramid.keypoints", "Study 2, key points from every level in one launch (buffer, image buffer)"}};
  }
  std::vector<VariantPtr> variants() const override {
    std::vector<VariantPtr> out;
    for (auto& id : pyramid_check_ids()) out.push_back(std::make_shared<PyramidCheckVariant>(std::move(id)));
    return out;
  }
  std::array<std::string, 3> verify_columns() const override { return {"-", "-", "compared"}; }
  std::string why_no_filter(const std::string&) const override {
    return "a pyramid check builds its own integer pyramid; it filters no input image";
  }
};

}  // namespace

std::unique_ptr<FilterFamily> make_pyramid_family() { return std::make_unique<PyramidFamily>(); }

}  // namespace filterlab
