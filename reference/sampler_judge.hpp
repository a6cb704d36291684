#pragma once
// The spec oracle's verdict on one value read through a sampler: does it match the float32
// formula, a neighbouring texel that the conformance rules accept near a texel edge, nothing
// acceptable (wrong), or is the result undefined by the specification (NONE outside the image)?
#include <vector>

#include "rational.hpp"
#include "sampler.hpp"

namespace filterlab::ref {

struct SamplerConfig {
  AddressMode mode = AddressMode::ClampToEdge;
  bool normalized = true;
  FilterMode filter = FilterMode::Nearest;
};

// A CL_R / CL_FLOAT image, row-major; height 1 with dims 1 is a 1-D image (y is not used).
struct Texels {
  int dims = 1, width = 0, height = 1;
  std::vector<float> v;
  float at(int x, int y) const {
    return v[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
  }
};

// One read: the float coordinates the device used and the true (rational) coordinates they stand for.
struct ProbePoint {
  float x = 0.0f, y = 0.0f;
  Rational true_x, true_y;
};

enum class Verdict : char { Float32 = 'F', Neighbour = 'N', Wrong = 'W', Undefined = 'U' };
const char* verdict_name(Verdict v);  // "float32", "neighbour", "wrong", "undefined"

struct Expectation {
  bool undefined = false;        // NONE and a location (or a weighted LINEAR tap) outside the image
  double float32 = 0.0;          // the value of the formulas evaluated in float32
  double exact = 0.0;            // ... in exact arithmetic on the same float coordinates
  double rational = 0.0;         // ... in exact arithmetic on the true coordinates
  std::vector<double> accepted;  // NEAREST: every value the conformance rule accepts (float32's first)
  double tolerance = 0.0;        // LINEAR: the allowed |value - float32|
  bool edge_sensitive = false;   // float32, exact and rational evaluation pick different texels
};

// The border colour of CL_R float images under CLAMP is (0, 0, 0, 1): its .x is 0.
inline constexpr float kBorderColourR = 0.0f;

Expectation expect(const SamplerConfig& c, const Texels& img, const ProbePoint& p);
Verdict judge(const Expectation& e, float value);

}  // namespace filterlab::ref
