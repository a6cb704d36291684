#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "filters/variant.hpp"

using namespace filterlab;

TEST_CASE("variant IDs are stable and unique", "[variants]") {
  const auto all = registered_variants();
  std::set<std::string> ids;
  for (const auto& v : all) ids.insert(v.id());
  CHECK(ids.size() == all.size());
  CHECK(ids.count("scharr.single/images/k5/wg16x16") == 1);
  CHECK(ids.count("scharr.single/buffer/k9/wg16x16") == 1);
}

TEST_CASE("even, zero and negative filter sizes are rejected with advice", "[variants]") {
  CHECK_THROWS_WITH(make_variant("scharr.single", "images", 4), Catch::Contains("must be odd"));
  CHECK_THROWS_WITH(make_variant("scharr.single", "images", 0), Catch::Contains("not supported"));
  CHECK_THROWS_WITH(make_variant("scharr.single", "images", -3), Catch::Contains("not supported"));
  CHECK_THROWS_WITH(make_variant("scharr.single", "images", 11), Catch::Contains("3, 5, 7 or 9"));
  CHECK_THROWS_WITH(make_variant("scharr.single", "texture", 3), Catch::Contains("unknown storage"));
  CHECK_THROWS_WITH(find_variants("nosuch"), Catch::Contains("no registered variant"));
}
