#include "sampler_judge.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "tolerances.hpp"

namespace filterlab::ref {
namespace {

bool inside(int i, int n) { return i >= 0 && i < n; }

// The texel value at (i, j), the border colour outside (CLAMP; NONE outside is flagged undefined
// before any value is used).
double texel(const Texels& img, int i, int j) {
  if (!inside(i, img.width) || !inside(j, img.height)) return kBorderColourR;
  return img.at(i, j);
}

struct AxisNearest {
  int f32 = 0, exact = 0, rational = 0;
  std::set<int> accepted;  // f32 and exact, plus the offsets of the conformance rule
  bool outside_f32 = false;
};

AxisNearest nearest_axis(const SamplerConfig& c, float s, const Rational& truth, int n) {
  AxisNearest a;
  a.f32 = nearest_index(c.mode, c.normalized, s, n, Arithmetic::Float32);
  a.exact = nearest_index(c.mode, c.normalized, s, n, Arithmetic::Exact);
  a.rational = nearest_index(c.mode, c.normalized, truth, n);
  a.accepted = {a.f32, a.exact};
  if (c.normalized) {  // the conformance tests retry normalized NEAREST reads at u -/+ an offset
    const double u = axis_u(c.mode, c.normalized, s, n, Arithmetic::Exact);
    for (double d : {-tol::kSamplerNearestOffsetTexels, tol::kSamplerNearestOffsetTexels})
      a.accepted.insert(address_index(c.mode, static_cast<long long>(std::floor(u + d)), n));
  }
  a.outside_f32 = !inside(a.f32, n);
  return a;
}

double linear_value(const Texels& img, const LinearAxis& x, const LinearAxis& y) {
  if (img.dims == 1) return (1.0 - x.a) * texel(img, x.i0, 0) + x.a * texel(img, x.i1, 0);
  return (1.0 - x.a) * (1.0 - y.a) * texel(img, x.i0, y.i0) + x.a * (1.0 - y.a) * texel(img, x.i1, y.i0) +
         (1.0 - x.a) * y.a * texel(img, x.i0, y.i1) + x.a * y.a * texel(img, x.i1, y.i1);
}

// NONE: a weighted tap outside the image makes the LINEAR result undefined.
bool weighted_tap_outside(const Texels& img, const LinearAxis& x, const LinearAxis& y) {
  const bool x_out = (x.a < 1.0 && !inside(x.i0, img.width)) || (x.a > 0.0 && !inside(x.i1, img.width));
  if (img.dims == 1) return x_out;
  const bool y_out = (y.a < 1.0 && !inside(y.i0, img.height)) || (y.a > 0.0 && !inside(y.i1, img.height));
  return x_out || y_out;
}

double max_abs_tap(const Texels& img, const LinearAxis& x, const LinearAxis& y) {
  double m = 0.0;
  for (int i : {x.i0, x.i1})
    for (int j : (img.dims == 1 ? std::vector<int>{0} : std::vector<int>{y.i0, y.i1}))
      m = std::max(m, std::fabs(texel(img, i, j)));
  return m;
}

Expectation expect_nearest(const SamplerConfig& c, const Texels& img, const ProbePoint& p) {
  Expectation e;
  const AxisNearest x = nearest_axis(c, p.x, p.true_x, img.width);
  AxisNearest y;
  if (img.dims == 2)
    y = nearest_axis(c, p.y, p.true_y, img.height);
  else
    y.accepted = {0};
  e.undefined = c.mode == AddressMode::None && (x.outside_f32 || y.outside_f32);
  e.float32 = texel(img, x.f32, y.f32);
  e.exact = texel(img, x.exact, y.exact);
  e.rational = texel(img, x.rational, y.rational);
  e.edge_sensitive = !(x.f32 == x.exact && x.f32 == x.rational && y.f32 == y.exact && y.f32 == y.rational);
  e.accepted.push_back(e.float32);
  for (int i : x.accepted)
    for (int j : y.accepted) {
      if (c.mode == AddressMode::None && (!inside(i, img.width) || !inside(j, img.height))) continue;
      const double v = texel(img, i, j);
      if (std::find(e.accepted.begin(), e.accepted.end(), v) == e.accepted.end()) e.accepted.push_back(v);
    }
  return e;
}

Expectation expect_linear(const SamplerConfig& c, const Texels& img, const ProbePoint& p) {
  Expectation e;
  const auto xf = linear_axis(c.mode, c.normalized, p.x, img.width, Arithmetic::Float32);
  const auto xe = linear_axis(c.mode, c.normalized, p.x, img.width, Arithmetic::Exact);
  const auto xr = linear_axis(c.mode, c.normalized, p.true_x, img.width);
  LinearAxis yf, ye, yr;
  if (img.dims == 2) {
    yf = linear_axis(c.mode, c.normalized, p.y, img.height, Arithmetic::Float32);
    ye = linear_axis(c.mode, c.normalized, p.y, img.height, Arithmetic::Exact);
    yr = linear_axis(c.mode, c.normalized, p.true_y, img.height);
  }
  e.undefined = c.mode == AddressMode::None && weighted_tap_outside(img, xf, yf);
  e.float32 = linear_value(img, xf, yf);
  e.exact = linear_value(img, xe, ye);
  e.rational = linear_value(img, xr, yr);
  e.edge_sensitive = !(xf.i0 == xe.i0 && xf.i0 == xr.i0 && yf.i0 == ye.i0 && yf.i0 == yr.i0);
  e.accepted = {e.float32};
  e.tolerance = tol::sampler_linear_bound(max_abs_tap(img, xf, yf));
  return e;
}

}  // namespace

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Float32:
      return "float32";
    case Verdict::Neighbour:
      return "neighbour";
    case Verdict::Wrong:
      return "wrong";
    case Verdict::Undefined:
      return "undefined";
  }
  return "?";
}

Expectation expect(const SamplerConfig& c, const Texels& img, const ProbePoint& p) {
  return c.filter == FilterMode::Nearest ? expect_nearest(c, img, p) : expect_linear(c, img, p);
}

Verdict judge(const Expectation& e, float value) {
  if (e.undefined) return Verdict::Undefined;
  const double v = value;
  if (e.tolerance > 0.0) return std::fabs(v - e.float32) <= e.tolerance ? Verdict::Float32 : Verdict::Wrong;
  if (v == e.float32) return Verdict::Float32;
  for (double a : e.accepted)
    if (v == a) return Verdict::Neighbour;
  return Verdict::Wrong;
}

}  // namespace filterlab::ref
