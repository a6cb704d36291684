#include "reference.hpp"

#include <clang/Lex/Lexer.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <fstream>
#include <sstream>

#include "builtins.hpp"
#include "prelude.hpp"
#include "vector_types.hpp"

namespace filterlab::imagecl {
namespace {

using namespace clang;

// OpenCL C's semantics of the words and builtins the prelude declares, written for the host.
const char* const kRuntime = R"ICLREF(
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef float Pixel;
#define __kernel
#define kernel
#define __global
#define global
#define __local
#define local
#define __constant const
#define constant const
#define __private
#define private
#define __read_only
#define __write_only
#define restrict
inline const char*& icl_error() {
  static const char* e = nullptr;
  return e;
}
inline std::string& icl_error_text() {
  static std::string s;
  return s;
}
// A builtin whose result OpenCL leaves undefined for these arguments: the first such call is
// the reference's answer (the device's output cannot be judged).
inline void icl_undefined(const std::string& what) {
  if (icl_error()) return;
  icl_error_text() = what + " is undefined in OpenCL C";
  icl_error() = icl_error_text().c_str();
}
// The math functions, evaluated in double and rounded once to float: within half an ulp of the
// exact result, where OpenCL allows the device the bound in builtins.cpp.
constexpr double icl_pi = 3.14159265358979323846;
// OpenCL C's float constants, with the device's values (the prelude declares the same).
constexpr float M_E_F = 2.71828174591064453125f, M_LOG2E_F = 1.44269502162933349609f, M_LOG10E_F = 0.43429449200630187988f,
                M_LN2_F = 0.69314718246459960938f, M_LN10_F = 2.30258512496948242188f, M_PI_F = 3.14159274101257324219f,
                M_PI_2_F = 1.57079637050628662109f, M_PI_4_F = 0.78539818525314331055f, M_1_PI_F = 0.31830987334251403809f,
                M_2_PI_F = 0.63661974668502807617f, M_2_SQRTPI_F = 1.12837922573089599609f, M_SQRT2_F = 1.41421353816986083984f,
                M_SQRT1_2_F = 0.70710676908493041992f;
#ifndef MAXFLOAT
#define MAXFLOAT FLT_MAX
#endif
#ifndef HUGE_VALF
#define HUGE_VALF INFINITY
#endif
// Perturbed runs (filterlab_icl_ref_perturb_<kernel>): each inexact builtin's result moves by a
// whole number of ulp within its OpenCL bound (icl_ulp_<name>, from builtins.cpp), so the outputs'
// spread over a few runs shows how far the allowed errors carry through the kernel. Run 1 moves
// every result up by the full bound and run 2 down (the errors aligned: a weighted sum of
// non-negative pixels moves furthest so); later runs move each result by an amount drawn from a
// hash of the run and the exact value, so that one value always errs alike within a run, as a
// device's function does.
inline unsigned long long& icl_perturb_state() {
  static unsigned long long s = 0;  // 0: the nominal run
  return s;
}
inline float icl_inexact(double exact, double ulp) {
  float r = static_cast<float>(exact);
  const unsigned long long run = icl_perturb_state();
  if (run == 0 || ulp == 0 || !std::isfinite(r)) return r;
  const long bound = ulp < 0 ? 1 : static_cast<long>(ulp);  // contractible: one rounding
  long k = run == 1 ? bound : run == 2 ? -bound : 0;
  if (run > 2) {
    unsigned long long bits;
    std::memcpy(&bits, &exact, sizeof bits);
    unsigned long long h = (bits ^ (run * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;  // splitmix64's finaliser
    h = (h ^ (h >> 31)) * 0x94D049BB133111EBull;
    h ^= h >> 29;
    k = static_cast<long>(h % static_cast<unsigned long long>(2 * bound + 1)) - bound;
  }
  for (long i = 0; i < (k < 0 ? -k : k); ++i) r = std::nextafter(r, k < 0 ? -INFINITY : INFINITY);
  return r;
}
inline float acos(float x) { return icl_inexact(std::acos(double(x)), icl_ulp_acos); }
inline float acosh(float x) { return icl_inexact(std::acosh(double(x)), icl_ulp_acosh); }
inline float acospi(float x) { return icl_inexact(std::acos(double(x)) / icl_pi, icl_ulp_acospi); }
inline float asin(float x) { return icl_inexact(std::asin(double(x)), icl_ulp_asin); }
inline float asinh(float x) { return icl_inexact(std::asinh(double(x)), icl_ulp_asinh); }
inline float asinpi(float x) { return icl_inexact(std::asin(double(x)) / icl_pi, icl_ulp_asinpi); }
inline float atan(float x) { return icl_inexact(std::atan(double(x)), icl_ulp_atan); }
inline float atan2(float y, float x) { return icl_inexact(std::atan2(double(y), double(x)), icl_ulp_atan2); }
inline float atanh(float x) { return icl_inexact(std::atanh(double(x)), icl_ulp_atanh); }
inline float atanpi(float x) { return icl_inexact(std::atan(double(x)) / icl_pi, icl_ulp_atanpi); }
inline float atan2pi(float y, float x) { return icl_inexact(std::atan2(double(y), double(x)) / icl_pi, icl_ulp_atan2pi); }
inline float cbrt(float x) { return icl_inexact(std::cbrt(double(x)), icl_ulp_cbrt); }
inline float ceil(float x) { return std::ceil(x); }
inline float copysign(float x, float y) { return std::copysign(x, y); }
inline float cos(float x) { return icl_inexact(std::cos(double(x)), icl_ulp_cos); }
inline float cosh(float x) { return icl_inexact(std::cosh(double(x)), icl_ulp_cosh); }
inline float cospi(float x) { return icl_inexact(std::cos(icl_pi * std::fmod(double(x), 2.0)), icl_ulp_cospi); }
inline float erfc(float x) { return icl_inexact(std::erfc(double(x)), icl_ulp_erfc); }
inline float erf(float x) { return icl_inexact(std::erf(double(x)), icl_ulp_erf); }
inline float exp(float x) { return icl_inexact(std::exp(double(x)), icl_ulp_exp); }
inline float exp2(float x) { return icl_inexact(std::exp2(double(x)), icl_ulp_exp2); }
inline float exp10(float x) { return icl_inexact(std::pow(10.0, double(x)), icl_ulp_exp10); }
inline float expm1(float x) { return icl_inexact(std::expm1(double(x)), icl_ulp_expm1); }
inline float fabs(float x) { return std::fabs(x); }
inline float fdim(float x, float y) { return std::fdim(x, y); }
inline float floor(float x) { return std::floor(x); }
inline float fma(float a, float b, float c) { return std::fma(a, b, c); }
inline float fmax(float x, float y) { return std::fmax(x, y); }
inline float fmin(float x, float y) { return std::fmin(x, y); }
inline float fmod(float x, float y) { return std::fmod(x, y); }
inline float hypot(float x, float y) { return icl_inexact(std::hypot(double(x), double(y)), icl_ulp_hypot); }
inline float log(float x) { return icl_inexact(std::log(double(x)), icl_ulp_log); }
inline float log2(float x) { return icl_inexact(std::log2(double(x)), icl_ulp_log2); }
inline float log10(float x) { return icl_inexact(std::log10(double(x)), icl_ulp_log10); }
inline float log1p(float x) { return icl_inexact(std::log1p(double(x)), icl_ulp_log1p); }
inline float logb(float x) { return std::logb(x); }
inline float mad(float a, float b, float c) { return icl_inexact(double(a * b), icl_ulp_mad) + c; }
inline float maxmag(float x, float y) { return std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y); }
inline float minmag(float x, float y) { return std::fabs(x) < std::fabs(y) ? x : std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y); }
inline float nextafter(float x, float y) { return std::nextafter(x, y); }
inline float pow(float x, float y) { return icl_inexact(std::pow(double(x), double(y)), icl_ulp_pow); }
inline float powr(float x, float y) { return x < 0.0f ? NAN : icl_inexact(std::pow(double(x), double(y)), icl_ulp_powr); }
inline float pown(float x, int n) { return icl_inexact(std::pow(double(x), double(n)), icl_ulp_pown); }
inline float rootn(float x, int n) {
  if (n == 0 || (x < 0.0f && n % 2 == 0)) return NAN;
  const double r = std::pow(std::fabs(double(x)), 1.0 / n);
  return icl_inexact(x < 0.0f ? -r : r, icl_ulp_rootn);
}
inline float remainder(float x, float y) { return std::remainder(x, y); }
inline float rint(float x) { return std::nearbyint(x); }
inline float round(float x) { return std::round(x); }
inline float rsqrt(float x) { return icl_inexact(1.0 / std::sqrt(double(x)), icl_ulp_rsqrt); }
inline float sin(float x) { return icl_inexact(std::sin(double(x)), icl_ulp_sin); }
inline float sinh(float x) { return icl_inexact(std::sinh(double(x)), icl_ulp_sinh); }
inline float sinpi(float x) { return icl_inexact(std::sin(icl_pi * std::fmod(double(x), 2.0)), icl_ulp_sinpi); }
inline float sqrt(float x) { return icl_inexact(std::sqrt(double(x)), icl_ulp_sqrt); }
inline float tan(float x) { return icl_inexact(std::tan(double(x)), icl_ulp_tan); }
inline float tanh(float x) { return icl_inexact(std::tanh(double(x)), icl_ulp_tanh); }
inline float tanpi(float x) { return icl_inexact(std::tan(icl_pi * std::fmod(double(x), 1.0)), icl_ulp_tanpi); }
inline float tgamma(float x) { return icl_inexact(std::tgamma(double(x)), icl_ulp_tgamma); }
inline float trunc(float x) { return std::trunc(x); }
inline float degrees(float r) { return icl_inexact(double(r) * (180.0 / icl_pi), icl_ulp_degrees); }
inline float radians(float d) { return icl_inexact(double(d) * (icl_pi / 180.0), icl_ulp_radians); }
inline float mix(float x, float y, float a) { return x + icl_inexact(double((y - x) * a), icl_ulp_mix); }
inline float step(float edge, float x) { return x < edge ? 0.0f : 1.0f; }
inline float smoothstep(float e0, float e1, float x) {
  if (!(e0 < e1)) icl_undefined("smoothstep(edge0, edge1, x) with edge0 >= edge1");
  const float t = std::fmin(std::fmax((x - e0) / (e1 - e0), 0.0f), 1.0f);
  return icl_inexact(double(t * t * (3.0f - 2.0f * t)), icl_ulp_smoothstep);
}
inline float sign(float x) { return std::isnan(x) ? 0.0f : x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x; }
inline float ldexp(float x, int n) { return std::ldexp(x, n); }
inline int ilogb(float x) { return std::ilogb(x); }
inline int isnan(float x) { return std::isnan(x) ? 1 : 0; }
inline int isinf(float x) { return std::isinf(x) ? 1 : 0; }
inline int isfinite(float x) { return std::isfinite(x) ? 1 : 0; }
inline int signbit(float x) { return std::signbit(x) ? 1 : 0; }
inline int min(int x, int y) { return y < x ? y : x; }
inline int max(int x, int y) { return x < y ? y : x; }
inline uint min(uint x, uint y) { return y < x ? y : x; }
inline uint max(uint x, uint y) { return x < y ? y : x; }
inline float min(float x, float y) { return std::fmin(x, y); }
inline float max(float x, float y) { return std::fmax(x, y); }
inline uint abs(int x) { return x < 0 ? 0u - static_cast<uint>(x) : static_cast<uint>(x); }
inline uint abs(uint x) { return x; }
template <class T>
T icl_clamp(T x, T lo, T hi) {
  if (lo > hi) icl_undefined("clamp(x, minval, maxval) with minval > maxval");
  return x < lo ? lo : x > hi ? hi : x;
}
inline int clamp(int x, int lo, int hi) { return icl_clamp(x, lo, hi); }
inline uint clamp(uint x, uint lo, uint hi) { return icl_clamp(x, lo, hi); }
inline float clamp(float x, float lo, float hi) {
  if (lo > hi) icl_undefined("clamp(x, minval, maxval) with minval > maxval");
  return std::fmin(std::fmax(x, lo), hi);
}
// Integer functions, exact in a 128-bit intermediate.
template <class T>
using icl_wide = typename std::conditional<std::is_same<T, unsigned long>::value, unsigned __int128, __int128>::type;
template <class T>
T icl_saturate(icl_wide<T> v) {
  const icl_wide<T> lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  return static_cast<T>(v < lo ? lo : v > hi ? hi : v);
}
template <class T>
T icl_add_sat(T a, T b) { return icl_saturate<T>(icl_wide<T>(a) + b); }
template <class T>
T icl_sub_sat(T a, T b) {
  if constexpr (std::is_unsigned<T>::value) return a < b ? T(0) : T(a - b);
  else return icl_saturate<T>(icl_wide<T>(a) - b);
}
template <class T>
T icl_hadd(T a, T b) { return static_cast<T>((icl_wide<T>(a) + b) >> 1); }
template <class T>
T icl_rhadd(T a, T b) { return static_cast<T>((icl_wide<T>(a) + b + 1) >> 1); }
template <class T>
T icl_clz(T x) {
  using U = typename std::make_unsigned<T>::type;
  U u = static_cast<U>(x);
  T n = 0;
  for (int bit = 8 * int(sizeof(T)) - 1; bit >= 0 && !((u >> bit) & 1u); --bit) ++n;
  return n;
}
template <class T>
T icl_popcount(T x) {
  using U = typename std::make_unsigned<T>::type;
  U u = static_cast<U>(x);
  T n = 0;
  for (; u; u = static_cast<U>(u >> 1)) n = static_cast<T>(n + (u & 1u));
  return n;
}
template <class T>
T icl_mul_hi(T a, T b) { return static_cast<T>((icl_wide<T>(a) * icl_wide<T>(b)) >> (8 * sizeof(T))); }
template <class T>
T icl_mad_sat(T a, T b, T c) { return icl_saturate<T>(icl_wide<T>(a) * icl_wide<T>(b) + c); }
template <class T>
T icl_rotate(T v, T i) {
  using U = typename std::make_unsigned<T>::type;
  constexpr unsigned bits = 8 * sizeof(T);
  const unsigned s = static_cast<unsigned>(static_cast<U>(i) % bits);
  const U u = static_cast<U>(v);
  return static_cast<T>(s == 0 ? u : static_cast<U>((u << s) | (u >> (bits - s))));
}
template <class T>
typename std::make_unsigned<T>::type icl_abs_diff(T a, T b) {
  return static_cast<typename std::make_unsigned<T>::type>(a > b ? icl_wide<T>(a) - b : icl_wide<T>(b) - a);
}
#define ICL_INTEGER(T, U)                                                                 \
  inline T add_sat(T a, T b) { return icl_add_sat<T>(a, b); }                             \
  inline T sub_sat(T a, T b) { return icl_sub_sat<T>(a, b); }                             \
  inline T hadd(T a, T b) { return icl_hadd<T>(a, b); }                                   \
  inline T rhadd(T a, T b) { return icl_rhadd<T>(a, b); }                                 \
  inline T clz(T x) { return icl_clz<T>(x); }                                             \
  inline T popcount(T x) { return icl_popcount<T>(x); }                                   \
  inline T mul_hi(T a, T b) { return icl_mul_hi<T>(a, b); }                               \
  inline T mad_hi(T a, T b, T c) { return static_cast<T>(icl_mul_hi<T>(a, b) + c); }      \
  inline T mad_sat(T a, T b, T c) { return icl_mad_sat<T>(a, b, c); }                     \
  inline T rotate(T v, T i) { return icl_rotate<T>(v, i); }                               \
  inline U abs_diff(T a, T b) { return icl_abs_diff<T>(a, b); }
ICL_INTEGER(char, uchar) ICL_INTEGER(uchar, uchar) ICL_INTEGER(short, ushort) ICL_INTEGER(ushort, ushort)
ICL_INTEGER(int, uint) ICL_INTEGER(uint, uint) ICL_INTEGER(long, ulong) ICL_INTEGER(ulong, ulong)
#undef ICL_INTEGER
template <class T>
T icl_check24(T x, const char* f) {
  const bool ok = std::is_unsigned<T>::value ? static_cast<unsigned long>(x) < (1ul << 24) : x >= -(1l << 23) && x < (1l << 23);
  if (!ok) icl_undefined(std::string(f) + " of an argument outside 24 bits");
  return x;
}
inline int mul24(int a, int b) { return static_cast<int>(static_cast<long>(icl_check24(a, "mul24")) * icl_check24(b, "mul24")); }
inline uint mul24(uint a, uint b) { return icl_check24(a, "mul24") * icl_check24(b, "mul24"); }
inline int mad24(int a, int b, int c) { return static_cast<int>(static_cast<long>(icl_check24(a, "mad24")) * icl_check24(b, "mad24") + c); }
inline uint mad24(uint a, uint b, uint c) { return icl_check24(a, "mad24") * icl_check24(b, "mad24") + c; }
// Conversions (OpenCL C 6.2.3): float to integer rounds toward zero unless a mode is named, and
// without _sat a value outside the type (or NaN) is undefined; integer to float rounds to
// nearest even unless a mode is named; integer to integer wraps without _sat.
enum icl_round { icl_rte, icl_rtz, icl_rtp, icl_rtn };
template <class D, bool Sat, icl_round Mode, class S>
D icl_convert(S x, const char* name) {
  if constexpr (std::is_floating_point<S>::value && std::is_integral<D>::value) {
    const float f = static_cast<float>(x);  // a double argument is a float on the device
    const float r = Mode == icl_rte ? std::nearbyint(f) : Mode == icl_rtz ? std::trunc(f) : Mode == icl_rtp ? std::ceil(f) : std::floor(f);
    const long double lo = std::numeric_limits<D>::min(), hi = std::numeric_limits<D>::max();
    if (std::isnan(r) || r < lo || r > hi) {
      if (!Sat) {
        icl_undefined(std::string(name) + "(" + std::to_string(f) + ") (outside the type; use the _sat form)");
        return D(0);
      }
      return std::isnan(r) ? D(0) : r < lo ? std::numeric_limits<D>::min() : std::numeric_limits<D>::max();
    }
    return static_cast<D>(r);
  } else if constexpr (std::is_integral<S>::value && std::is_floating_point<D>::value) {
    float f = static_cast<float>(x);  // nearest even
    const long double exact = static_cast<long double>(x), got = f;
    if ((Mode == icl_rtz && std::fabs(got) > std::fabs(exact)) || (Mode == icl_rtn && got > exact)) f = std::nextafter(f, Mode == icl_rtz ? 0.0f : -INFINITY);
    if (Mode == icl_rtp && got < exact) f = std::nextafter(f, INFINITY);
    return static_cast<D>(f);
  } else if constexpr (std::is_floating_point<S>::value) {
    return static_cast<D>(static_cast<float>(x));
  } else if constexpr (Sat) {
    const __int128 v = static_cast<__int128>(x), lo = std::numeric_limits<D>::min(), hi = static_cast<__int128>(std::numeric_limits<D>::max());
    return static_cast<D>(v < lo ? lo : v > hi ? hi : v);
  } else {
    return static_cast<D>(x);  // modulo 2^bits
  }
}
#define ICL_CV_FROM(D, f, SAT, MODE)                                                  \
  inline D f(float x) { return icl_convert<D, SAT, MODE>(x, #f); }                    \
  inline D f(double x) { return icl_convert<D, SAT, MODE>(x, #f); }                   \
  inline D f(int x) { return icl_convert<D, SAT, MODE>(x, #f); }                      \
  inline D f(uint x) { return icl_convert<D, SAT, MODE>(x, #f); }                     \
  inline D f(long x) { return icl_convert<D, SAT, MODE>(x, #f); }                     \
  inline D f(ulong x) { return icl_convert<D, SAT, MODE>(x, #f); }
// The default rounding: toward zero to an integer, to nearest even to float.
#define ICL_CV_MODES(D, f, SAT, DEFAULT) \
  ICL_CV_FROM(D, f, SAT, DEFAULT) ICL_CV_FROM(D, f##_rte, SAT, icl_rte) ICL_CV_FROM(D, f##_rtz, SAT, icl_rtz) \
  ICL_CV_FROM(D, f##_rtp, SAT, icl_rtp) ICL_CV_FROM(D, f##_rtn, SAT, icl_rtn)
#define ICL_CV(D) ICL_CV_MODES(D, convert_##D, false, icl_rtz) ICL_CV_MODES(D, convert_##D##_sat, true, icl_rtz)
ICL_CV(char) ICL_CV(uchar) ICL_CV(short) ICL_CV(ushort) ICL_CV(int) ICL_CV(uint) ICL_CV(long) ICL_CV(ulong)
ICL_CV_MODES(float, convert_float, false, icl_rte)
#undef ICL_CV
#undef ICL_CV_MODES
#undef ICL_CV_FROM
template <class D, class S>
D icl_bits(S x) {
  D d;
  std::memcpy(&d, &x, sizeof d);
  return d;
}
inline float as_float(int x) { return icl_bits<float>(x); }
inline float as_float(uint x) { return icl_bits<float>(x); }
inline int as_int(float x) { return icl_bits<int>(x); }
inline int as_int(uint x) { return icl_bits<int>(x); }
inline uint as_uint(float x) { return icl_bits<uint>(x); }
inline uint as_uint(int x) { return icl_bits<uint>(x); }

enum icl_boundary { icl_none, icl_constant, icl_clamped, icl_reflect101, icl_reflect, icl_wrap };
// gfedcb|abcdefgh|gfedcba: period 2n - 2, folded at n - 1.
inline int icl_fold101(int i, int n) {
  if (n == 1) return 0;
  const int period = 2 * n - 2;
  i %= period;
  if (i < 0) i += period;
  return i < n ? i : period - i;
}
// fedcba|abcdefgh|hgfedcb: period 2n, folded between n - 1 and n.
inline int icl_fold(int i, int n) {
  i %= 2 * n;
  if (i < 0) i += 2 * n;
  return i < n ? i : 2 * n - 1 - i;
}
// cdefgh|abcdefgh|abcdefg: period n.
inline int icl_period(int i, int n) {
  i %= n;
  return i < 0 ? i + n : i;
}
// A pixel of an output that no logical thread wrote holds whatever the device's buffer held: a
// check must not compare it. Returns why, or nullptr when every pixel was written.
template <class I>
const char* icl_unwritten(const I& img, const char* name) {
  for (std::size_t i = 0; i < img.written.size(); ++i) {
    if (img.written[i]) continue;
    const long x = static_cast<long>(i) % img.w, y = static_cast<long>(i) / img.w % img.h, z = static_cast<long>(i) / img.w / img.h;
    icl_error_text() = "pixel (" + std::to_string(x) + ", " + std::to_string(y) + (img.d > 1 ? ", " + std::to_string(z) : std::string()) +
                       ") of output " + name + " was never written (the kernel must write every pixel of its outputs)";
    return icl_error_text().c_str();
  }
  return nullptr;
}
// An Image as ImageCL defines it: img[x][y] (img[x][y][z]) reads with the boundary condition
// applied, writes outside are dropped, and a read outside an Image without a boundary is an error.
template <class T, int D = 2>
struct Image {
  T* px;
  int w, h, d;
  icl_boundary boundary;
  T fill;
  bool output;
  T scratch;
  std::vector<unsigned char> written{};  // outputs: which pixels the grid wrote
  struct Column {
    Image* img;
    int x, y;
    T& operator[](int z) const { return img->at(x, y, z); }
  };
  struct Plane {
    Image* img;
    int x;
    Column operator[](int y) const { return Column{img, x, y}; }
  };
  struct Flat {
    Image* img;
    int x;
    T& operator[](int y) const { return img->at(x, y, 0); }
  };
  typename std::conditional<D == 3, Plane, Flat>::type operator[](int x) { return {this, x}; }
  int width() const { return w; }
  int height() const { return h; }
  int depth() const { return d; }
  T& at(int x, int y, int z) {
    const bool inside = x >= 0 && x < w && y >= 0 && y < h && z >= 0 && z < d;
    if (output) {
      if (!inside) return scratch;  // dropped
      const long i = (static_cast<long>(z) * h + y) * w + x;
      written[static_cast<std::size_t>(i)] = 1;
      return px[i];
    }
    if (!inside) {
      switch (boundary) {
        case icl_none:
          if (!icl_error()) {
            icl_error_text() = "a read outside an Image that has no boundary condition, at (" + std::to_string(x) + ", " +
                               std::to_string(y) + (D == 3 ? ", " + std::to_string(z) : std::string()) + ")";
            icl_error() = icl_error_text().c_str();
          }
          scratch = T();
          return scratch;
        case icl_constant:
          scratch = fill;
          return scratch;
        case icl_clamped:
          x = x < 0 ? 0 : x >= w ? w - 1 : x;
          y = y < 0 ? 0 : y >= h ? h - 1 : y;
          z = z < 0 ? 0 : z >= d ? d - 1 : z;
          break;
        case icl_reflect101:
          x = icl_fold101(x, w), y = icl_fold101(y, h), z = icl_fold101(z, d);
          break;
        case icl_reflect:
          x = icl_fold(x, w), y = icl_fold(y, h), z = icl_fold(z, d);
          break;
        case icl_wrap:
          x = icl_period(x, w), y = icl_period(y, h), z = icl_period(z, d);
          break;
      }
    }
    return px[(static_cast<long>(z) * h + y) * w + x];
  }
};
)ICLREF";

std::string source_text(ASTContext& ctx, SourceRange r) {
  const auto& sm = ctx.getSourceManager();  // a range may start in a macro (__constant): take it in the file
  const SourceRange file(sm.getExpansionLoc(r.getBegin()), sm.getExpansionLoc(r.getEnd()));
  return Lexer::getSourceText(CharSourceRange::getTokenRange(file), sm, ctx.getLangOpts()).str();
}

// The source as the host compiler must read it: each vector literal (float4)(a, b, c, d) becomes
// a call __icl_vec_float4(a, b, c, d) (in C++ the parenthesis would be a comma expression).
class HostText {
 public:
  HostText(ASTContext& ctx, const Analysis& a) : ctx_(ctx), rw_(ctx.getSourceManager(), ctx.getLangOpts()) {
    const auto& sm = ctx.getSourceManager();
    for (const auto* c : a.vector_literals) {
      const SourceRange type(sm.getExpansionLoc(c->getLParenLoc()), sm.getExpansionLoc(c->getRParenLoc()));
      rw_.ReplaceText(type, "__icl_vec_" + c->getType().getUnqualifiedType().getAsString());
      edited_ = true;
    }
  }
  std::string operator()(SourceRange r) {
    if (!edited_) return source_text(ctx_, r);
    const auto& sm = ctx_.getSourceManager();
    return rw_.getRewrittenText(SourceRange(sm.getExpansionLoc(r.getBegin()), sm.getExpansionLoc(r.getEnd())));
  }

 private:
  ASTContext& ctx_;
  Rewriter rw_;
  bool edited_ = false;
};

// Pragma lines (force(unroll, ...)) mean nothing to the host compiler.
std::string without_pragmas(const std::string& body) {
  std::istringstream in(body);
  std::string line, out;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t");
    out += (first != std::string::npos && line[first] == '#' ? "" : line) + "\n";
  }
  return out;
}

const char* boundary_enum(BoundaryKind b) {
  switch (b) {
    case BoundaryKind::None:
      return "icl_none";
    case BoundaryKind::Constant:
      return "icl_constant";
    case BoundaryKind::Clamped:
      return "icl_clamped";
    case BoundaryKind::Reflect101:
      return "icl_reflect101";
    case BoundaryKind::Reflect:
      return "icl_reflect";
    case BoundaryKind::Wrap:
      return "icl_wrap";
  }
  return "icl_none";
}

}  // namespace

std::string generate_reference(ASTContext& ctx, const Analysis& a) {
  const auto& m = a.model;
  const std::string ns = "filterlab_icl_reference_of_" + m.name;
  std::ostringstream o;
  o << "// Generated by filterlab-imagecl from " << m.source_path << " (kernel " << m.name << "): the CPU reference.\n"
    << "// The kernel body runs once per logical thread in loops over the grid. Do not edit.\n"
    << "// Build with -ffp-contract=off to compare with OpenCL built under FP_CONTRACT OFF.\n";
  if (a.uses_vectors)  // reference_runner.cpp picks Clang for a reference that says this
    o << "// FILTERLAB_ICL_NEEDS_CLANG: OpenCL's vector types are Clang's ext_vector_type.\n"
      << "#ifndef __clang__\n#error \"this CPU reference uses OpenCL vector types: build it with Clang "
         "(CXX=clang++)\"\n#endif\n";
  o << "#include <cfloat>\n#include <climits>\n#include <cmath>\n#include <cstring>\n#include <limits>\n#include "
       "<string>\n#include <type_traits>\n#include <vector>\n"
    << "#ifndef FILTERLAB_ICL_REF_ARG\n#define FILTERLAB_ICL_REF_ARG\nstruct filterlab_icl_ref_arg {\n  void* data;\n"
    << "  int w, h, d;\n  long n;\n  double scalar;\n};\n#endif\n\n"
    << "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
    << "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n#pragma GCC diagnostic ignored \"-Wconversion\"\n"
    << "#pragma GCC diagnostic ignored \"-Wshadow\"\n#pragma GCC diagnostic ignored \"-Wpedantic\"\n"
    << "#pragma GCC diagnostic ignored \"-Wfloat-conversion\"\n#pragma GCC diagnostic ignored \"-Wsign-compare\"\n"
    << "namespace " << ns << " {\n";
  // The bounds the perturbed runs use, from builtins.cpp (-1: may be contracted).
  for (const auto& [name, ulp] : builtin_ulp_table()) o << "constexpr double icl_ulp_" << name << " = " << ulp << ";\n";
  o << kRuntime << kFixedWidthTypedefs << "\n";
  if (a.uses_vectors) o << vector_reference_runtime(a.vector_builtins) << "\n";
  HostText host(ctx, a);
  for (const auto* t : a.tables) o << host(t->getSourceRange()) << ";\n";
  for (const auto* h : a.helpers) o << without_pragmas(host(h->getSourceRange())) << "\n";
  // The body, as written, as a function of one logical thread.
  std::vector<std::string> params;
  for (const auto& p : m.params) {
    if (p.kind == Param::Image) {
      params.push_back("Image<" + p.type + ", " + std::to_string(p.dims) + ">& " + p.name);
    } else if (p.kind == Param::Array) {
      const auto* arr = m.array(p.name);
      const std::string elem = (p.array_is_const ? "const " : "") + p.type;
      params.push_back(arr->shape.size() == 2 ? elem + " (*" + p.name + ")[" + std::to_string(arr->shape[1]) + "]"
                                              : elem + "* " + p.name);
    } else {
      params.push_back("const " + p.type + " " + p.name);
    }
  }
  params.push_back("const int idx");
  params.push_back("const int idy");
  params.push_back("const int idz");
  o << "inline void icl_thread(";
  for (std::size_t i = 0; i < params.size(); ++i) o << (i ? ", " : "") << params[i];
  o << ")\n" << without_pragmas(host(a.kernel->getBody()->getSourceRange())) << "\n}  // namespace " << ns << "\n\n";

  o << "// seed 0: the nominal run; any other: the builtins' results perturbed within their bounds.\n"
    << "extern \"C\" void filterlab_icl_ref_perturb_" << m.name << "(unsigned long long seed) {\n  " << ns
    << "::icl_perturb_state() = seed;\n}\n\n";
  o << "extern \"C\" const char* filterlab_icl_ref_" << m.name << "(const filterlab_icl_ref_arg* icl_args) {\n"
    << "  using namespace " << ns << ";\n  icl_error() = nullptr;\n";
  std::vector<std::string> call;
  for (std::size_t i = 0; i < m.params.size(); ++i) {
    const auto& p = m.params[i];
    const std::string arg = "icl_args[" + std::to_string(i) + "]";
    if (p.kind == Param::Image) {
      const auto* img = m.image(p.name);
      o << "  Image<" << p.type << ", " << p.dims << "> " << p.name << "{static_cast<" << p.type << "*>(" << arg
        << ".data), " << arg << ".w, " << arg << ".h, " << (p.dims == 3 ? arg + ".d" : "1") << ", "
        << boundary_enum(img->boundary) << ", (" << p.type << ")(" << img->boundary_value << "), "
        << (img->written ? "true" : "false") << ", " << p.type << "()};\n";
      if (img->written)
        o << "  " << p.name << ".written.assign(static_cast<std::size_t>(" << p.name << ".w) * " << p.name << ".h * "
          << p.name << ".d, 0);\n";
    } else if (p.kind == Param::Array) {
      const auto* arr = m.array(p.name);
      const std::string elem = (p.array_is_const ? "const " : "") + p.type;
      if (arr->shape.size() == 2)
        o << "  " << elem << " (*" << p.name << ")[" << arr->shape[1] << "] = reinterpret_cast<" << elem << " (*)["
          << arr->shape[1] << "]>(" << arg << ".data);\n";
      else
        o << "  " << elem << "* " << p.name << " = static_cast<" << elem << "*>(" << arg << ".data);\n";
    } else {
      o << "  const " << p.type << " " << p.name << " = static_cast<" << p.type << ">(" << arg << ".scalar);\n";
    }
    call.push_back(p.name);
  }
  if (!m.grid_image.empty()) {
    const auto& g = m.grid_image;
    o << "  const int icl_gw = " << g << ".w, icl_gh = " << g << ".h, icl_gd = " << g << ".d;\n";
    for (const auto& other : m.grid_images)
      if (other != g)
        o << "  if (" << other << ".w != icl_gw || " << other << ".h != icl_gh || " << other << ".d != icl_gd)\n"
          << "    return \"the grid's Images " << g << " and " << other << " differ in size\";\n";
  } else {
    o << "  const int icl_gw = " << m.grid_width << ", icl_gh = " << m.grid_height
      << ", icl_gd = " << (m.grid_dims == 3 ? m.grid_depth : 1) << ";\n";
  }
  o << "  for (int icl_z = 0; icl_z < icl_gd; ++icl_z)\n    for (int icl_y = 0; icl_y < icl_gh; ++icl_y)\n"
    << "      for (int icl_x = 0; icl_x < icl_gw; ++icl_x) {\n"
    << "        icl_thread(";
  for (const auto& c : call) o << c << ", ";
  o << "icl_x, icl_y, icl_z);\n        if (icl_error()) return icl_error();\n      }\n";
  for (const auto& img : m.images)
    if (img.written)
      o << "  if (const char* e = icl_unwritten(" << img.name << ", \"" << img.name << "\")) return e;\n";
  o << "  return nullptr;\n}\n";
  return o.str();
}

}  // namespace filterlab::imagecl
