// The tuning shortlist (experiments/tuning_shortlist.hpp): every entry timed in the shuffled rounds
// asked for, the entry with the fastest kernel-time median the winner, the tuner's times kept beside.
#include <catch2/catch.hpp>

#include "experiments/tuning_shortlist.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;

TEST_CASE("a shortlist times every entry in shuffled rounds and picks the fastest median", "[shortlist]") {
  const std::vector<ShortlistEntry> entries = {
      {"imagecl.sepconv_row/wg1x1/c1x1/il0/image_in0/image_out0/constant_k0/local_in0/unroll_0x1", "a", 1.0},
      {"imagecl.sepconv_row/wg1x1/c256x8/il0/image_in0/image_out0/constant_k1/local_in0/unroll_0x5/interior1/simd8",
       "b", 2.0}};
  const auto s = time_shortlist(test::runtime(), "sepconv_row", entries, 96, 1, 5, 3);
  const auto& list = s.record.at("entries");
  REQUIRE(list.size() == 2);
  double fastest = 1e300;
  std::size_t at = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    CHECK(list[i].at("variant_id") == entries[i].id);
    CHECK(list[i].at("tuner_ms") == entries[i].tuner_ms);
    CHECK(list[i].at("shuffled_kernel_ms").at("n") == 5);
    const double m = list[i].at("shuffled_kernel_ms").at("median");
    CHECK(m > 0);
    if (m < fastest) fastest = m, at = i;
  }
  CHECK(s.winner == at);
  CHECK(s.record.at("winner") == entries[at].id);
}
