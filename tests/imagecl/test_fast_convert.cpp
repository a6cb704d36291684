// The exact fast conversions (imagecl/compiler/fast_convert.h, the text the generated OpenCL holds)
// against OpenCL's conversions, for every input: every float bit pattern (NaN, infinities, ties,
// negative zero, denormals) for rounding to uchar and ushort, every 8- and 16-bit value for
// widening. The host's float arithmetic is IEEE single with round to nearest even, as OpenCL's.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

namespace fast {
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;
// OpenCL C's builtins as the macros use them on scalars (fmin/fmax return the other operand of a NaN).
inline uint as_uint(float f) {
  uint u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
inline float as_float(uint u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
inline float fmin(float a, float b) { return std::fmin(a, b); }
inline float fmax(float a, float b) { return std::fmax(a, b); }
inline uchar to_uchar(uint v) { return static_cast<uchar>(v); }
inline ushort to_ushort(uint v) { return static_cast<ushort>(v); }
inline uint to_uint(uint v) { return v; }
#include "fast_convert.h"

// The macros expanded here, where fmin and fmax are the ones above (not <cmath>'s).
uchar round_u8(float f) { return ICL_FR_U8(f, as_uint, to_uchar); }
ushort round_u16(float f) { return ICL_FR_U16(f, as_uint, to_ushort); }
float widen(uint u) { return ICL_FW_U(u, as_float, to_uint); }

// OpenCL's convert_<T>_sat_rte (OpenCL C 1.2, 6.2.3.3): NaN to 0, saturation, nearest even.
template <class T>
T opencl_sat_rte(float f, float hi) {
  if (std::isnan(f) || f <= 0.0f) return 0;
  if (f >= hi) return static_cast<T>(hi);
  return static_cast<T>(std::nearbyint(f));
}

// The first float bit pattern (in each thread's share) whose conversions differ, or -1.
template <class F>
std::int64_t first_difference(F&& differs) {
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::int64_t> found(threads, -1);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (std::uint64_t b = t; b <= 0xFFFFFFFFull; b += threads)
        if (differs(as_float(static_cast<uint>(b)))) {
          found[t] = static_cast<std::int64_t>(b);
          return;
        }
    });
  for (auto& p : pool) p.join();
  for (auto f : found)
    if (f >= 0) return f;
  return -1;
}
}  // namespace fast

TEST_CASE("fast rounding to uchar equals convert_uchar_sat_rte for every float", "[imagecl][fast_convert]") {
  using namespace fast;
  CHECK(round_u8(2.5f) == 2);  // a tie goes to even
  CHECK(round_u8(3.5f) == 4);
  CHECK(round_u8(NAN) == 0);
  CHECK(round_u8(-0.0f) == 0);
  CHECK(round_u8(INFINITY) == 255);
  const auto bad = first_difference([](float f) { return round_u8(f) != opencl_sat_rte<uchar>(f, 255.0f); });
  INFO("first differing bit pattern 0x" << std::hex << bad);
  CHECK(bad == -1);
}

TEST_CASE("fast rounding to ushort equals convert_ushort_sat_rte for every float", "[imagecl][fast_convert]") {
  using namespace fast;
  CHECK(round_u16(65534.5f) == 65534);
  CHECK(round_u16(-INFINITY) == 0);
  const auto bad = first_difference([](float f) { return round_u16(f) != opencl_sat_rte<ushort>(f, 65535.0f); });
  INFO("first differing bit pattern 0x" << std::hex << bad);
  CHECK(bad == -1);
}

TEST_CASE("fast widening of uchar and ushort is exact", "[imagecl][fast_convert]") {
  using namespace fast;
  for (uint u = 0; u <= 0xFFFFu; ++u) {
    INFO(u);
    REQUIRE(widen(u) == static_cast<float>(u));
  }
  for (uint u = 0; u <= 0xFFu; ++u) REQUIRE(widen(static_cast<uchar>(u)) == static_cast<float>(u));
}
