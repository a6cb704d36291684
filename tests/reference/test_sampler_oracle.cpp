// The sampler spec oracle on cases computed by hand from the OpenCL C formulas (width 10, texels
// 1..10 as in the article unless stated otherwise).
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>

#include "reference/rational.hpp"
#include "reference/sampler.hpp"
#include "reference/sampler_judge.hpp"

using namespace filterlab::ref;

namespace {

Texels ramp(int w) {
  Texels t;
  t.width = w;
  t.v.resize(static_cast<std::size_t>(w));
  std::iota(t.v.begin(), t.v.end(), 1.0f);
  return t;
}

ProbePoint at(float s, Rational truth) { return {s, 0.0f, truth, Rational(0)}; }
ProbePoint at(float s) {
  return {s, 0.0f, Rational(static_cast<std::int64_t>(std::ldexp(s, 24)), 1LL << 24), Rational(0)};
}

constexpr auto F32 = Arithmetic::Float32;
constexpr auto EX = Arithmetic::Exact;

}  // namespace

TEST_CASE("rational floor and rint (ties to even)", "[sampler]") {
  CHECK(floor_int(Rational(-1, 10)) == -1);
  CHECK(floor_int(Rational(15, 10)) == 1);
  CHECK(floor_int(Rational(-20, 10)) == -2);
  CHECK(rint(Rational(1, 2)) == Rational(0));
  CHECK(rint(Rational(3, 2)) == Rational(2));
  CHECK(rint(Rational(-1, 2)) == Rational(0));
  CHECK(rint(Rational(-3, 2)) == Rational(-2));
  CHECK(rint(Rational(-55, 100)) == Rational(-1));
  CHECK(Rational(6, -4) == Rational(-3, 2));
}

TEST_CASE("nearest addressing at hand-computed normalized coordinates", "[sampler]") {
  // MIRRORED_REPEAT at s = -0.5: s' = 2 rint(-0.25) = 0, |s - s'| = 0.5, u = 5, i = 5 (texel 6).
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, -0.5f, 10, F32) == 5);
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, Rational(-5, 10), 10) == 5);
  // MIRRORED_REPEAT at s = 1.1f (1.10000002): s' = 2, |s - 2| = 0.89999998, u rounds to 9.0f: i = 9.
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, 1.1f, 10, F32) == 9);
  // MIRRORED_REPEAT at s = -0.1f: u = 1.0000000149 exactly, 1.0f in float: i = 1 either way.
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, -0.1f, 10, F32) == 1);
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, -0.1f, 10, EX) == 1);
  // REPEAT at s = 1.0: u = (1 - floor(1)) * 10 = 0: texel 0.
  CHECK(nearest_index(AddressMode::Repeat, true, 1.0f, 10, F32) == 0);
  // REPEAT at s = 1.3f (1.29999995): u = 2.9999995 (exact in float): i = 2; the true 13/10 gives 3.
  CHECK(nearest_index(AddressMode::Repeat, true, 1.3f, 10, F32) == 2);
  CHECK(nearest_index(AddressMode::Repeat, true, 1.3f, 10, EX) == 2);
  CHECK(nearest_index(AddressMode::Repeat, true, Rational(13, 10), 10) == 3);
  // REPEAT at s = -0.1f: s - floor(s) = 0.9 (rounded), u = 9: texel 9.
  CHECK(nearest_index(AddressMode::Repeat, true, -0.1f, 10, F32) == 9);
  // CLAMP at s = -0.05: u = -0.5, floor -1: the border. At 1.0: u = 10: the border.
  CHECK(nearest_index(AddressMode::Clamp, true, -0.05f, 10, F32) == -1);
  CHECK(nearest_index(AddressMode::Clamp, true, 1.0f, 10, F32) == 10);
  CHECK(nearest_index(AddressMode::Clamp, true, 50.0f, 10, F32) == 10);
  // CLAMP_TO_EDGE at s = -0.05 and far outside: the edge texels.
  CHECK(nearest_index(AddressMode::ClampToEdge, true, -0.05f, 10, F32) == 0);
  CHECK(nearest_index(AddressMode::ClampToEdge, true, 1000.5f, 10, F32) == 9);
  // 0.7f * 10 rounds up to 7.0000000 in float but is 6.99999988 exactly: the two arithmetics differ.
  CHECK(nearest_index(AddressMode::ClampToEdge, true, 0.7f, 10, F32) == 7);
  CHECK(nearest_index(AddressMode::ClampToEdge, true, 0.7f, 10, EX) == 6);
  // Far outside, MIRRORED_REPEAT reflects again and again: s = -2.05 -> |-2.05 + 2| = 0.05: texel 0.
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, Rational(-205, 100), 10) == 0);
  CHECK(nearest_index(AddressMode::MirroredRepeat, true, Rational(-305, 100), 10) == 9);
}

TEST_CASE("repeat and mirrored_repeat need normalized coordinates", "[sampler]") {
  CHECK(sampler_defined(AddressMode::Repeat, true));
  CHECK_FALSE(sampler_defined(AddressMode::Repeat, false));
  CHECK_FALSE(sampler_defined(AddressMode::MirroredRepeat, false));
  CHECK(sampler_defined(AddressMode::None, false));
  CHECK_THROWS(nearest_index(AddressMode::Repeat, false, 1.5f, 10, F32));
  CHECK(parse_address_mode("mirrored_repeat") == AddressMode::MirroredRepeat);
  CHECK_FALSE(parse_address_mode("mirror").has_value());
}

TEST_CASE("linear addressing: indices and weights", "[sampler]") {
  // CLAMP_TO_EDGE, unnormalized u = 1: u - 0.5 = 0.5: i0 = 0, i1 = 1, a = 0.5.
  auto l = linear_axis(AddressMode::ClampToEdge, false, 1.0f, 10, F32);
  CHECK((l.i0 == 0 && l.i1 == 1 && l.a == 0.5));
  // REPEAT at s = 0: u = 0, floor(-0.5) = -1 -> 9, i1 = 0, a = 0.5.
  l = linear_axis(AddressMode::Repeat, true, 0.0f, 10, F32);
  CHECK((l.i0 == 9 && l.i1 == 0 && l.a == 0.5));
  // MIRRORED_REPEAT at s = 0: i0 = max(-1, 0) = 0, i1 = 0.
  l = linear_axis(AddressMode::MirroredRepeat, true, 0.0f, 10, F32);
  CHECK((l.i0 == 0 && l.i1 == 0));
  // CLAMP, unnormalized u = 0: i0 = -1 (border), i1 = 0, a = 0.5.
  l = linear_axis(AddressMode::Clamp, false, 0.0f, 10, F32);
  CHECK((l.i0 == -1 && l.i1 == 0 && l.a == 0.5));
}

TEST_CASE("expected values and verdicts, NEAREST", "[sampler]") {
  const Texels img = ramp(10);
  const SamplerConfig mirrored{AddressMode::MirroredRepeat, true, FilterMode::Nearest};
  auto e = expect(mirrored, img, at(-0.5f, Rational(-1, 2)));
  CHECK(e.float32 == 6.0);
  CHECK(judge(e, 6.0f) == Verdict::Float32);
  CHECK(judge(e, 5.0f) == Verdict::Neighbour);  // u = 5 lies on the edge between texels 4 and 5
  CHECK(judge(e, 4.0f) == Verdict::Wrong);
  CHECK_FALSE(e.edge_sensitive);  // -0.5 is exact in float: every arithmetic gives texel 5

  const SamplerConfig repeat{AddressMode::Repeat, true, FilterMode::Nearest};
  e = expect(repeat, img, at(1.3f, Rational(13, 10)));
  CHECK(e.float32 == 3.0);
  CHECK(e.rational == 4.0);
  CHECK(e.edge_sensitive);
  CHECK(judge(e, 4.0f) == Verdict::Neighbour);

  // A texel centre is 0.5 texel from any edge: only the one texel is conformant.
  const SamplerConfig edge{AddressMode::ClampToEdge, true, FilterMode::Nearest};
  e = expect(edge, img, at(0.35f, Rational(35, 100)));
  CHECK(e.float32 == 4.0);
  CHECK(judge(e, 5.0f) == Verdict::Wrong);
  CHECK(judge(e, 3.0f) == Verdict::Wrong);
  CHECK(e.accepted.size() == 1);

  // CLAMP outside gives the border colour's .x, 0.
  const SamplerConfig clamp{AddressMode::Clamp, true, FilterMode::Nearest};
  e = expect(clamp, img, at(-0.05f, Rational(-5, 100)));
  CHECK(e.float32 == 0.0);
  CHECK(judge(e, 1.0f) == Verdict::Wrong);  // -0.5 texel: 0.4 texel beyond the offset

  // Unnormalized reads get no offset: at the edge u = 4 only texel 4 is conformant.
  const SamplerConfig unnorm{AddressMode::ClampToEdge, false, FilterMode::Nearest};
  e = expect(unnorm, img, at(4.0f));
  CHECK(judge(e, 5.0f) == Verdict::Float32);
  CHECK(judge(e, 4.0f) == Verdict::Wrong);

  // NONE outside the image: undefined by the spec, whatever the value; inside it is judged.
  const SamplerConfig none{AddressMode::None, false, FilterMode::Nearest};
  CHECK(judge(expect(none, img, at(-0.5f)), 1.0f) == Verdict::Undefined);
  CHECK(judge(expect(none, img, at(10.0f)), 10.0f) == Verdict::Undefined);
  CHECK(judge(expect(none, img, at(9.5f)), 9.0f) == Verdict::Wrong);
}

TEST_CASE("expected values and verdicts, LINEAR and 2-D", "[sampler]") {
  const Texels img = ramp(10);
  const SamplerConfig repeat{AddressMode::Repeat, true, FilterMode::Linear};
  auto e = expect(repeat, img, at(0.0f, Rational(0)));
  CHECK(e.float32 == 5.5);  // (10 + 1) / 2 across the seam
  CHECK(judge(e, 5.5f) == Verdict::Float32);
  CHECK(judge(e, 5.5f + 0.07f) == Verdict::Float32);  // within (2^-7 + 2 eps) * 10 = 0.078
  CHECK(judge(e, 5.5f + 0.09f) == Verdict::Wrong);

  const SamplerConfig clamp{AddressMode::Clamp, false, FilterMode::Linear};
  e = expect(clamp, img, at(0.0f));
  CHECK(e.float32 == 0.5);  // half the border colour 0, half texel 0 (value 1)

  const SamplerConfig none{AddressMode::None, false, FilterMode::Linear};
  CHECK(expect(none, img, at(0.25f)).undefined);       // tap -1 carries weight 0.75
  CHECK_FALSE(expect(none, img, at(0.5f)).undefined);  // texel 0 alone

  Texels two;
  two.dims = 2;
  two.width = 3;
  two.height = 2;
  two.v = {1, 2, 3, 4, 5, 6};
  const SamplerConfig clamp2{AddressMode::Clamp, false, FilterMode::Nearest};
  CHECK(expect(clamp2, two, {1.5f, -0.5f, Rational(3, 2), Rational(-1, 2)}).float32 == 0.0);
  CHECK(expect(clamp2, two, {2.5f, 1.5f, Rational(5, 2), Rational(3, 2)}).float32 == 6.0);
  const SamplerConfig edge2{AddressMode::ClampToEdge, false, FilterMode::Linear};
  CHECK(expect(edge2, two, {1.0f, 1.0f, Rational(1), Rational(1)}).float32 == Approx(3.0));  // mean of 1, 2, 4, 5
}
