#pragma once
// Adapter: Study 1's hand-written choices as a tuner Space: the filter family (single or double
// derivative, local-memory tile and its copy pattern, predefined taps, separable passes, rows per
// work-item, one launch), the storage (image2d_t per level, one buffer, an image1d_buffer over it,
// image2d_array "cubes") and the work-group, for both 5x5 Scharr derivatives of one image with a
// reflect-101 border. The storages are what no public tuner can explore: none passes image objects
// to kernels. evaluate() builds the variant (program cache), computes both derivatives, compares
// them with the oracle (reference/correlate.hpp, the float tolerance of `verify`) and times them.
#include <memory>
#include <string>
#include <vector>

#include "families/gradient/gradient_variant.hpp"
#include "ocl/runtime.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

inline constexpr const char* kScharrSpace = "study1.scharr_k5";

class ScharrSpace : public Space {
 public:
  // `width` x `height`: the image both derivatives are computed on (timing.side is ignored).
  ScharrSpace(ocl::Runtime* rt, int width, int height, const TimingSetup& timing);
  std::string name() const override { return kScharrSpace; }
  const std::vector<Param>& params() const override { return params_; }
  std::string violation(const Point& p) const override;
  std::string id(const Point& p) const override;
  Measurement evaluate(const Point& p) override;
  std::string setup() const override;

 private:
  GradientVariant variant(const Point& p) const;  // throws filterlab::Error for a combination the registry refuses
  ocl::Runtime* rt_;
  int width_, height_;
  TimingSetup timing_;
  std::vector<Param> params_;
  std::unique_ptr<ref::Image> input_, want_x_, want_y_;
};

}  // namespace filterlab::tuner
