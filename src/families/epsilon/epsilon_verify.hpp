#pragma once
// Checks an epsilon step against the oracle (reference/epsilon.hpp): integer steps bit-exact, the
// float naive step by the rule of reference/tolerances.hpp (a difference of one grey level only
// where the exact mean lies within kEpsilonFloatHalfWindow of a half grey level).
#include <cstddef>
#include <string>
#include <vector>

#include "families/epsilon/epsilon_variant.hpp"
#include "ocl/runtime.hpp"
#include "reference/epsilon.hpp"

namespace filterlab {

// Awkward shapes (1x1, 1xN, Nx1, smaller than 9x9, widths not multiples of 4, 8, 16 or of the
// work-group) with smooth areas, edges and noise, so that every threshold selects a mix.
std::vector<ref::Plane8> epsilon_test_images(unsigned seed);
// Thresholds every step is verified with: 0, 1, a middle one, the experiment's, 255.
const std::vector<int>& epsilon_test_thresholds();

struct EpsilonComparison {
  std::size_t mismatches = 0;  // pixels outside what the rule allows
  std::size_t differing = 0;   // pixels that differ from the oracle at all
  int max_abs_diff = 0;
  int worst_x = -1, worst_y = -1;  // the first mismatch (or the first difference)
  std::string describe() const;
  bool passed() const { return mismatches == 0; }
};

// `got` against the oracle's `want` for input `img` and threshold T; `float_rule`: the naive
// step's allowance, else exact.
EpsilonComparison compare_epsilon(const ref::Plane8& got, const ref::Plane8& want, const ref::Plane8& img,
                                  int threshold, bool float_rule);

struct EpsilonVerifyResult {
  std::string id;
  int max_abs_diff = 0;       // 0 for integer steps
  std::size_t differing = 0;  // pixels differing from the oracle (allowed ones included)
  std::size_t cases = 0;      // image x threshold cases checked
  bool passed = false;
  std::string failure;
};

EpsilonVerifyResult verify_epsilon(ocl::Runtime& rt, const EpsilonVariant& variant, unsigned seed = 20261122);

}  // namespace filterlab
