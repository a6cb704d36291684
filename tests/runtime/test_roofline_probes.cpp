// The roofline probes' host side without a device: the sizes' rules, the build options, and the
// host's replay of each kernel on cases small enough to work out by hand.
#include <catch2/catch.hpp>
#include <cmath>

#include "error.hpp"
#include "measure/roofline_probes.hpp"

using namespace filterlab;
using namespace filterlab::measure;

namespace {

RooflineSizes tiny() {
  RooflineSizes s;
  s.global = 8;
  s.wg = 2;
  s.chains = 2;
  s.fp_iters = 1;
  s.cvt_iters = 2;
  s.local_chains = 1;
  s.local_iters = 2;
  s.tile = 4;
  return s;
}

}  // namespace

TEST_CASE("roofline sizes refuse what the kernels or their exact checks cannot take", "[roofline]") {
  CHECK_NOTHROW(tiny().check());
  auto odd = tiny();
  odd.chains = 3;
  CHECK_THROWS_WITH(odd.check(), Catch::Contains("chains must be even"));
  auto ragged = tiny();
  ragged.global = 7;
  CHECK_THROWS_WITH(ragged.check(), Catch::Contains("multiple of the work-group size"));
  auto inexact = tiny();
  inexact.local_chains = 16;
  inexact.local_iters = 1 << 13;  // 16 x 8192 x 255 >= 2^24: float sums of the tile would round
  CHECK_THROWS_WITH(inexact.check(), Catch::Contains("2^24"));
}

TEST_CASE("the roofline probes' build options name every size and never allow contraction", "[roofline]") {
  const auto o = tiny().build_options();
  for (const char* d : {" -DFL_CHAINS=2", " -DFL_FP_ITERS=1", " -DFL_CVT_ITERS=2", " -DFL_LOCAL_CHAINS=1",
                        " -DFL_LOCAL_ITERS=2", " -DFL_WG=2", " -DFL_TILE=4"})
    CHECK_THAT(o, Catch::Contains(d));
  CHECK_THAT(o, !Catch::Contains("mad-enable") && !Catch::Contains("fast-relaxed"));
}

TEST_CASE("the host replays each roofline probe's work-item exactly", "[roofline]") {
  const auto s = tiny();
  RooflineArgs a;
  // fp32_exact, g = 0: chain 0 starts at 1 and is multiplied once, chain 1 starts at 1 + 1/4096 and
  // gets one add.
  CHECK(replay_fp32_exact(s, a, 0) == a.exact_mul + (1.0f + 0x1p-12f + a.exact_add));
  // fp32_fma, g = 0: one fma per chain from 1 and 1 + 1/4096.
  CHECK(replay_fp32_fma(s, a, 0) ==
        std::fma(1.0f, a.fma_mul, a.fma_add) + std::fma(1.0f + 0x1p-12f, a.fma_mul, a.fma_add));
  // cvt_u8_f32 with step 1, g = 0: chain 0 converts 1 and 2, chain 1 converts 2 and 3.
  a.cvt_step = 1;
  CHECK(replay_cvt_u8_f32(s, a, 0) == 8.0f);
  // ...and the truncation to the pixel type: 255 + 1 wraps to 0 as a uchar, not as a ushort.
  a.cvt_step = 255;
  CHECK(replay_cvt_u8_f32(s, a, 0) == (255 + 254) + (0 + 255));
  CHECK(replay_cvt_u16_f32(s, a, 0) == (255 + 510) + (256 + 511));
  // cvt_f32_u8, g = 5: chains start at -8 + 10 = 2 and 3; with step 0.5 they meet 2.5 -> 2 and 3.5 -> 4
  // (ties to even), then 3 and 4.
  a.f2u_step = 0.5f;
  CHECK(replay_cvt_f32_u8(s, a, 5) == (2u + 3u) + (4u + 4u));
  // Saturation: far below 0 and far above 255.
  a.f2u_step = -100.0f;
  CHECK(replay_cvt_f32_u8(s, a, 5) == 0u);
  a.f2u_step = 300.0f;
  CHECK(replay_cvt_f32_u8(s, a, 5) == 4u * 255u);
  // local, step 3 over a tile of 4: src = 0, 37, 74, 111, 148, 185. g = 0 (group 0, base 0) reads
  // src[3] then src[2]; g = 3 (group 1, lane 1, base 131 % 4 = 3) reads src[2 + 1] then src[1 + 1].
  a.local_step = 3;
  const auto src8 = local_tile_source(s);
  REQUIRE(src8 == std::vector<std::uint8_t>{0, 37, 74, 111, 148, 185});
  const std::vector<float> src32(src8.begin(), src8.end());
  CHECK(replay_local_u8(s, a, src8, 0) == 111u + 74u);
  CHECK(replay_local_f32(s, a, src32, 0) == 185.0f);
  CHECK(replay_local_u8(s, a, src8, 3) == 111u + 74u);
}

TEST_CASE("the roofline fma probe's constants tell an fma from a separate multiply and add", "[roofline]") {
  auto s = tiny();
  s.fp_iters = 64;
  const RooflineArgs a;
  int differ = 0;
  for (std::uint32_t g = 0; g < 8; ++g) {
    float sum = 0.0f;
    for (std::uint32_t c = 0; c < s.chains; ++c) {
      float x = 1.0f + static_cast<float>((g * s.chains + c) & 1023u) * 0x1p-12f;
      for (unsigned i = 0; i < s.fp_iters; ++i) {
        const float p = x * a.fma_mul;  // rounded once here, once more by the add
        x = p + a.fma_add;
      }
      sum += x;
    }
    differ += sum != replay_fp32_fma(s, a, g);
  }
  CHECK(differ >= 4);
}

TEST_CASE("the roofline probes' sampled work-items span the launch", "[roofline]") {
  CHECK(sampled_work_items(5) == std::vector<std::uint32_t>{0, 1, 2, 3, 4});
  const auto g = sampled_work_items(1000, 33);
  REQUIRE(g.size() == 33);
  CHECK(g.front() == 0);
  CHECK(g.back() == 999);
  for (std::size_t i = 1; i < g.size(); ++i) CHECK(g[i] > g[i - 1]);
}
