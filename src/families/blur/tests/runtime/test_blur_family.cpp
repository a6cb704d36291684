// The blur family in the registry: its variant IDs, verify cases and build options, its tuning
// space, and `filter`'s checks of what the user typed (all without a device).
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "families/blur/blur_space.hpp"
#include "families/blur/blur_variant.hpp"
#include "families/family.hpp"
#include "tuner/spaces.hpp"

using namespace filterlab;

TEST_CASE("the blur family registers separable and 2d on a buffer at 3x3, 5x5 and 7x7", "[blur][registry]") {
  const auto& family = family_for_filter("blur.separable");
  CHECK(family.name() == "blur");
  CHECK(&family_for_filter("blur.2d") == &family);
  CHECK(&*filter_families().back() == &family);  // registered last: the catalogue only grows
  std::set<std::string> ids;
  for (const auto& v : family.variants()) {
    ids.insert(v->id());
    CHECK(v->verify_cases() == std::vector<std::string>{"reflect101"});
  }
  std::set<std::string> want;
  for (const char* d : {"separable", "2d"})
    for (int k : {3, 5, 7}) want.insert(std::string("blur.") + d + "/buffer/k" + std::to_string(k) + "/wg16x16");
  CHECK(ids == want);
  CHECK(registered_filter_variants("blur.").size() == 6);
  const auto subs = family.subfamilies();
  REQUIRE(subs.size() == 2);
  CHECK(subs[0].design["launches_per_unit"] == 2);
  CHECK(subs[1].design["launches_per_unit"] == 1);
}

TEST_CASE("blur variants build their own kernels with the size and border as defines", "[blur][registry]") {
  for (const auto& v : registered_blur_variants()) {
    CAPTURE(v.id());
    const auto opts = v.build_options(ref::Border::Reflect101);
    CHECK(opts == "-cl-std=CL1.2 -DFL_BLUR_K=" + std::to_string(v.ksize) + " -DFL_BORDER=4 -DFL_STORAGE=0");
    const auto files = v.kernel_files();
    REQUIRE(files.size() == 4);
    CHECK(files[2] == "blur/binomial.cl");
    CHECK(files[3] == (v.design == "separable" ? "blur/separable.cl" : "blur/direct.cl"));
  }
  CHECK(make_blur_variant("blur.2d", 7, 32, 8).id() == "blur.2d/buffer/k7/wg32x8");
}

TEST_CASE("the blur tuning space holds designs x sizes x work-groups, outside `run tuning`'s set",
          "[blur][registry][tuner]") {
  BlurSpace space(nullptr, 64, {64, 1, 2});
  const auto points = tuner::valid_points(space);
  CHECK(points.size() == 2 * 3 * 3 * 3);
  std::set<std::string> ids;
  for (const auto& p : points) ids.insert(space.id(p));
  CHECK(ids.size() == points.size());
  CHECK(ids.count("blur.separable/buffer/k5/wg16x16") == 1);
  CHECK(space.violation({0, 9, 16, 16}).find("filter size 9 is not supported") != std::string::npos);
  const auto names = tuner::space_names();
  CHECK(std::find(names.begin(), names.end(), kBlurSpace) == names.end());
}

TEST_CASE("`filter` with a blur family rejects bad options before touching a device", "[blur][registry]") {
  const auto& family = family_for_filter("blur.separable");
  const auto request = [&](std::map<std::string, std::string> typed) {
    FilterRequest r;
    r.family = "blur.separable";
    r.input = "never-read.pgm";
    r.output = "never-written.pfm";
    r.options = OptionValues(family.filter_options(), std::move(typed));
    return r;
  };
  CHECK_THROWS_WITH(
      family.filter(request({{"--storage", "images"}})),
      Catch::Contains("blur.separable does not run on images storage") && Catch::Contains("use --storage buffer"));
  CHECK_THROWS_WITH(family.filter(request({{"--ksize", "9"}})),
                    Catch::Contains("filter size 9 is not supported") && Catch::Contains("3, 5 or 7"));
  CHECK_THROWS_WITH(family.filter(request({{"--ksize", "5"}, {"--border", "wrap"}})),
                    Catch::Contains("one border, reflect101"));
  // Options of other families are not the blur's: the command line refuses them before it runs.
  const auto specs = family.filter_options();
  CHECK(undeclared(specs, {{"--axis", "y"}, {"--threshold", "3"}, {"--ksize", "5"}}) == "--axis, --threshold");
  CHECK_THROWS_WITH(family_for_filter("blur.3d"),
                    Catch::Contains("unknown filter family") && Catch::Contains("blur.separable"));
}
