#pragma once
// The blur family's tuning space: design (separable, 2d) x size (3, 5, 7) x work-group (8, 16, 32 by
// 4, 8, 16), reflect101, on a square integer-valued image (4096 on GPUs, 4096 / --cpu-divisor on
// CPU devices). evaluate() builds the variant (program cache), blurs the image, compares it with
// the oracle exactly and times the launches. The family builds it by name for `filterlab tune
// --space blur.buffer`; it is not in `run tuning`'s set (FilterFamily::tuning_spaces), whose
// committed results cover the studies' spaces only.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "families/blur/blur_variant.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/space.hpp"
#include "tuner/spaces.hpp"

namespace filterlab {

inline constexpr const char* kBlurSpace = "blur.buffer";

class BlurSpace : public tuner::Space {
 public:
  // `rt` may be null: the space then only enumerates. `side`: the timed image's side.
  BlurSpace(ocl::Runtime* rt, int side, const tuner::TimingSetup& timing);
  std::string name() const override { return kBlurSpace; }
  const std::vector<tuner::Param>& params() const override { return params_; }
  std::string violation(const tuner::Point& p) const override;
  std::string id(const tuner::Point& p) const override;
  tuner::Measurement evaluate(const tuner::Point& p) override;
  std::string setup() const override;

  BlurVariant variant(const tuner::Point& p) const;  // throws filterlab::Error for a point outside the space

 private:
  ocl::Runtime* rt_;
  int side_;
  tuner::TimingSetup timing_;
  std::vector<tuner::Param> params_;
  std::unique_ptr<ref::Image> input_;
  std::map<int, ref::Image> oracle_;  // by size
};

// The space for a device and the tuner's settings: the side and the repetitions (10 on GPUs, 3 on
// CPUs, as every tuner space unless --repetitions/--warmup say otherwise).
std::unique_ptr<BlurSpace> make_blur_space(ocl::Runtime& rt, const tuner::SpaceSettings& s);

}  // namespace filterlab
