#pragma once
// Adapter: a hand-written study's choices as a tuner Space. Study 4's designs (naive, two-pass,
// one-pass with local memory, AMD's tiled kernel, with and without broadcast writes: each its own
// kernel, work-group and pixels per work-item) on a square image with the study's 5x5 separable
// integer weights and reflect-101 border: one parameter, the design. evaluate() builds the design,
// filters the whole image, compares with the ROI oracle (exact: integer pixels and weights) and
// times it (warm-up, repetitions, profiling events, median).
#include <memory>
#include <string>
#include <vector>

#include "families/tiled/tiled_runner.hpp"
#include "ocl/runtime.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

inline constexpr const char* kTiledSpace = "study4.tiled_k5";

class TiledSpace : public Space {
 public:
  TiledSpace(ocl::Runtime* rt, const TimingSetup& timing);
  std::string name() const override { return kTiledSpace; }
  const std::vector<Param>& params() const override { return params_; }
  std::string violation(const Point& p) const override;
  std::string id(const Point& p) const override;
  Measurement evaluate(const Point& p) override;
  std::string setup() const override;

 private:
  ocl::Runtime* rt_;
  TimingSetup timing_;
  std::vector<Param> params_;
  std::unique_ptr<ref::Image> input_, oracle_;
};

}  // namespace filterlab::tuner
