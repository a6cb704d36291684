// The family registry's contract, which `verify`, `variants`, `filter` and the benchmark suite rely
// on: unique IDs, each under a sub-family of its own family, and verify cases a border or "-".
#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "families/family.hpp"

using namespace filterlab;

TEST_CASE("every registered variant ID is unique and belongs to a sub-family of its family", "[registry]") {
  std::set<std::string> ids, names;
  REQUIRE_FALSE(filter_families().empty());
  for (const auto& f : filter_families()) {
    CAPTURE(f->name());
    CHECK(names.insert(f->name()).second);
    std::set<std::string> subs;
    for (const auto& s : f->subfamilies()) {
      CHECK(s.name.rfind(f->name() + ".", 0) == 0);
      CHECK_FALSE(s.summary.empty());
      subs.insert(s.name);
    }
    const auto variants = f->variants();
    CHECK_FALSE(variants.empty());
    for (const auto& v : variants) {
      CAPTURE(v->id());
      CHECK(ids.insert(v->id()).second);
      CHECK(subs.count(v->family()) == 1);
      CHECK(v->id().rfind(v->family() + "/", 0) == 0);
      CHECK(f->owns(v->family()));
      const auto cases = v->verify_cases();
      CHECK_FALSE(cases.empty());
      for (const auto& c : cases) CHECK((c == "-" || ref::parse_border(c).has_value()));
    }
  }
  CHECK(registered_filter_variants().size() == ids.size());
}

TEST_CASE("the ID filter selects by substring, and filter() names what it takes", "[registry]") {
  for (const auto& v : registered_filter_variants("k5/")) CHECK(v->id().find("k5/") != std::string::npos);
  CHECK(registered_filter_variants("no such variant").empty());
  CHECK_THROWS_WITH(family_for_filter("scharr.triple"),
                    Catch::Contains("unknown filter family") && Catch::Contains("scharr.single"));
  CHECK_THROWS_WITH(family_for_filter("pyramid.build"), Catch::Contains("cannot apply"));
  CHECK(family_for_filter("epsilon.step2").name() == "epsilon");
}
