// Study 4's variant registry and the host-side class rule (no device needed).
#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "families/tiled/tiled_variant.hpp"

using namespace filterlab;

TEST_CASE("tiled variants have stable, unique IDs for every design and size", "[tiled]") {
  const auto all = registered_tiled_variants();
  REQUIRE(all.size() == tiled_designs().size() * 4);
  std::set<std::string> ids;
  for (const auto& v : all) ids.insert(v.id());
  REQUIRE(ids.size() == all.size());
  REQUIRE(ids.count("tiled.amd/k5/wg8x8") == 1);
  REQUIRE(ids.count("tiled.naive/k3/wg16x16") == 1);
  REQUIRE(ids.count("tiled.onepass_local/k9/wg16x16") == 1);
  REQUIRE(find_tiled_variants("tiled.amd/").size() == 4);
  REQUIRE(find_tiled_variants("scharr").empty());
}

TEST_CASE("make_tiled_variant rejects unknown designs and unsupported sizes", "[tiled]") {
  REQUIRE_THROWS_WITH(make_tiled_variant("tiled.fast", 3), Catch::Contains("unknown tiled design 'tiled.fast'"));
  REQUIRE_THROWS_WITH(make_tiled_variant("tiled.amd", 4), Catch::Contains("filter size 4 is not supported"));
  REQUIRE_THROWS_WITH(make_tiled_variant("tiled.amd", 11), Catch::Contains("filter size 11 is not supported"));
  REQUIRE(make_tiled_variant("tiled.amd", 7).id() == "tiled.amd/k7/wg8x8");
}

TEST_CASE("the tiled NDRange covers the ROI with 32x32 tiles of 8x8 work-items", "[tiled]") {
  const auto v = make_tiled_variant("tiled.amd", 3);
  REQUIRE(v.global_w(1, 1) == 8);
  REQUIRE(v.global_w(33, 1) == 16);
  REQUIRE(v.global_h(1, 64) == 16);
  REQUIRE(make_tiled_variant("tiled.naive", 3).global_w(17, 1) == 32);
}

TEST_CASE("group classes grow with the area (free) and the perimeter (the others)", "[tiled]") {
  // 4096^2, radius 2: 128 tiles per side; free on read exclude the first and last tile per axis.
  const auto c = tiled_class_counts(4096, 4096, 2);
  REQUIRE(c.total() == 128u * 128u);
  REQUIRE(c.groups[3] == 126u * 126u);
  REQUIRE(c.groups[2] == 128u * 128u - 126u * 126u);  // free on write only
  REQUIRE(c.groups[0] + c.groups[1] == 0);
  // 33x33: one full tile free on write, none free on read.
  const auto s = tiled_class_counts(33, 33, 1);
  REQUIRE(s.groups[2] == 1);
  REQUIRE(s.groups[0] == 3);
}
