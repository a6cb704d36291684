// The sampler formulas written once as templates over the number type: float rounds every
// operation, double is exact for our inputs, Rational is exact for the true coordinate.
#include "sampler.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace filterlab::ref {
namespace {

constexpr std::array<std::string_view, 5> kModeNames = {"none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"};

long long floor_ll(float x) { return static_cast<long long>(std::floor(x)); }
long long floor_ll(double x) { return static_cast<long long>(std::floor(x)); }
long long floor_ll(const Rational& x) { return floor_int(x); }
double to_double(float x) { return static_cast<double>(x); }
double to_double(double x) { return x; }
double to_double(const Rational& x) { return x.to_double(); }
// std::floor/rint/fabs for float and double; the Rational overloads live in rational.hpp.
float floor_n(float x) { return std::floor(x); }
double floor_n(double x) { return std::floor(x); }
Rational floor_n(const Rational& x) { return floor(x); }
float rint_n(float x) { return std::nearbyint(x); }  // ties to even in the default rounding mode
double rint_n(double x) { return std::nearbyint(x); }
Rational rint_n(const Rational& x) { return rint(x); }
float fabs_n(float x) { return std::fabs(x); }
double fabs_n(double x) { return std::fabs(x); }
Rational fabs_n(const Rational& x) { return fabs(x); }
template <class N>
N num(int v) {
  return N(v);
}
template <class N>
N half() {
  return N(0.5);
}
template <>
Rational half<Rational>() {
  return Rational(1, 2);
}

// The spec's u for one axis: normalized coordinates are scaled by w, REPEAT and MIRRORED_REPEAT
// fold s into [0, 1] first.
template <class N>
N u_of(AddressMode m, bool normalized, N s, int w) {
  if (!sampler_defined(m, normalized))
    throw std::invalid_argument("sampler: repeat and mirrored_repeat need normalized coordinates");
  const N wn = num<N>(w);
  switch (m) {
    case AddressMode::Repeat:
      return (s - floor_n(s)) * wn;
    case AddressMode::MirroredRepeat: {
      N sp = num<N>(2) * rint_n(half<N>() * s);
      sp = fabs_n(s - sp);
      return sp * wn;
    }
    default:
      return normalized ? s * wn : s;
  }
}

template <class N>
int nearest_t(AddressMode m, bool normalized, N s, int w) {
  return address_index(m, floor_ll(u_of(m, normalized, s, w)), w);
}

template <class N>
LinearAxis linear_t(AddressMode m, bool normalized, N s, int w) {
  const N t = u_of(m, normalized, s, w) - half<N>();
  const long long i0 = floor_ll(t);
  LinearAxis r;
  r.a = to_double(t - floor_n(t));
  switch (m) {
    case AddressMode::Repeat:  // the spec: i0 < 0 -> i0 + w; i1 > w-1 -> i1 - w
      r.i0 = static_cast<int>(i0 < 0 ? i0 + w : i0);
      r.i1 = static_cast<int>(i0 + 1 > w - 1 ? i0 + 1 - w : i0 + 1);
      break;
    case AddressMode::MirroredRepeat:  // the spec: max(i0, 0), min(i1, w-1)
      r.i0 = static_cast<int>(std::max<long long>(i0, 0));
      r.i1 = static_cast<int>(std::min<long long>(i0 + 1, w - 1));
      break;
    default:
      r.i0 = address_index(m, i0, w);
      r.i1 = address_index(m, i0 + 1, w);
  }
  return r;
}

}  // namespace

std::string_view address_mode_name(AddressMode m) {
  const int i = static_cast<int>(m);
  if (i < 0 || i >= static_cast<int>(kModeNames.size())) throw std::invalid_argument("address_mode_name: unknown mode");
  return kModeNames[static_cast<std::size_t>(i)];
}

std::string_view filter_mode_name(FilterMode f) { return f == FilterMode::Nearest ? "nearest" : "linear"; }

std::optional<AddressMode> parse_address_mode(std::string_view name) {
  for (std::size_t i = 0; i < kModeNames.size(); ++i)
    if (kModeNames[i] == name) return static_cast<AddressMode>(i);
  return std::nullopt;
}

bool sampler_defined(AddressMode m, bool normalized) {
  return normalized || (m != AddressMode::Repeat && m != AddressMode::MirroredRepeat);
}

double axis_u(AddressMode m, bool normalized, float s, int w, Arithmetic a) {
  return a == Arithmetic::Float32 ? static_cast<double>(u_of<float>(m, normalized, s, w))
                                  : u_of<double>(m, normalized, static_cast<double>(s), w);
}

Rational axis_u(AddressMode m, bool normalized, const Rational& s, int w) {
  return u_of<Rational>(m, normalized, s, w);
}

int address_index(AddressMode m, long long i, int w) {
  if (w < 1) throw std::invalid_argument("sampler: width must be >= 1");
  // Far-outside coordinates can give indices beyond int; clamp them first (no mode cares).
  i = std::clamp<long long>(i, -(1LL << 40), 1LL << 40);
  switch (m) {
    case AddressMode::None:
      return static_cast<int>(std::clamp<long long>(i, -(1LL << 30), 1LL << 30));
    case AddressMode::ClampToEdge:
      return static_cast<int>(std::clamp<long long>(i, 0, w - 1));
    case AddressMode::Clamp:
      return static_cast<int>(std::clamp<long long>(i, -1, w));
    case AddressMode::Repeat:
      if (i > w - 1) i -= w;
      if (i < 0) i += w;
      return static_cast<int>(std::clamp<long long>(i, 0, w - 1));
    case AddressMode::MirroredRepeat:
      return static_cast<int>(std::clamp<long long>(i, 0, w - 1));
  }
  throw std::invalid_argument("sampler: unknown addressing mode");
}

int nearest_index(AddressMode m, bool normalized, float s, int w, Arithmetic a) {
  return a == Arithmetic::Float32 ? nearest_t<float>(m, normalized, s, w)
                                  : nearest_t<double>(m, normalized, static_cast<double>(s), w);
}

int nearest_index(AddressMode m, bool normalized, const Rational& s, int w) {
  return nearest_t<Rational>(m, normalized, s, w);
}

LinearAxis linear_axis(AddressMode m, bool normalized, float s, int w, Arithmetic a) {
  return a == Arithmetic::Float32 ? linear_t<float>(m, normalized, s, w)
                                  : linear_t<double>(m, normalized, static_cast<double>(s), w);
}

LinearAxis linear_axis(AddressMode m, bool normalized, const Rational& s, int w) {
  return linear_t<Rational>(m, normalized, s, w);
}

}  // namespace filterlab::ref
