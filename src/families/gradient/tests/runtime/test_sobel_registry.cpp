// The Sobel family in the registry: its variants, their coefficients (a property of the variant:
// Sobel's, while every Scharr variant keeps Scharr's), and `filter`'s checks of what the user typed.
#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "families/family.hpp"
#include "families/gradient/gradient_family.hpp"
#include "reference/scharr.hpp"
#include "reference/sobel.hpp"

using namespace filterlab;

namespace {
const GradientVariant& gradient_variant(const VariantPtr& v) {
  const auto* g = dynamic_cast<const GradientFilterVariant*>(v.get());
  REQUIRE(g != nullptr);
  return g->variant();
}
}  // namespace

TEST_CASE("the Sobel family registers single and double on images and buffers at 3x3..9x9", "[sobel][registry]") {
  const auto& family = family_for_filter("sobel.single");
  CHECK(family.name() == "sobel");
  CHECK(&family_for_filter("sobel.double") == &family);
  std::set<std::string> ids;
  for (const auto& v : family.variants()) {
    ids.insert(v->id());
    CHECK(v->verify_cases().size() == 5);  // every border
  }
  std::set<std::string> want;
  for (const char* f : {"single", "double"})
    for (const char* storage : {"images", "buffer"})
      for (int k : {3, 5, 7, 9})
        want.insert(std::string("sobel.") + f + "/" + storage + "/k" + std::to_string(k) + "/wg16x16");
  CHECK(ids == want);
  CHECK(registered_filter_variants("sobel.").size() == 16);
}

TEST_CASE("each gradient variant carries its family's coefficients", "[sobel][registry]") {
  int sobel = 0;
  for (const auto& v : family_for_filter("sobel.single").variants()) {
    const GradientVariant& var = gradient_variant(v);
    CAPTURE(v->id());
    CHECK(var.coefficients != &scharr_coefficients());
    for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
      CHECK(var.kernel(axis).w == ref::sobel_kernel(var.ksize, axis).w);
      CHECK(var.separable(axis) == ref::sobel_separable(var.ksize, axis));
    }
    ++sobel;
  }
  CHECK(sobel == 16);
  // Scharr's variants keep Scharr's coefficients, and the Scharr-only lookups keep to Scharr's
  // families.
  for (const auto& v : registered_scharr_variants()) {
    CAPTURE(v.id());
    CHECK(v.coefficients == &scharr_coefficients());
    CHECK(v.kernel(ref::Axis::Y).w == ref::scharr_kernel(v.ksize, ref::Axis::Y).w);
  }
  CHECK_THROWS_WITH(make_variant("sobel.single", "images", 3), Catch::Contains("unknown filter family 'sobel.single'"));
}

TEST_CASE("Sobel variants build the gradient kernel with no generated code", "[sobel][registry]") {
  for (const auto& v : family_for_filter("sobel.double").variants()) {
    const GradientVariant& var = gradient_variant(v);
    CAPTURE(v->id());
    CHECK(var.generated_sources().empty());
    const auto builds = var.kernel_builds(ref::Border::Wrap);
    REQUIRE(builds.size() == 1);
    CHECK(builds.front().role == (var.traits().both ? "xy" : "x"));
    CHECK(builds.front().options.find("-DFL_DOUBLE=" + std::string(var.traits().both ? "1" : "0")) !=
          std::string::npos);
    CHECK(builds.front().options.find("-DKSIZE=" + std::to_string(var.ksize)) != std::string::npos);
  }
}

TEST_CASE("`filter` with a Sobel family rejects bad options before touching a device", "[sobel][registry]") {
  const auto& family = family_for_filter("sobel.single");
  const auto request = [&](std::map<std::string, std::string> typed) {
    FilterRequest r;
    r.family = "sobel.single";
    r.input = "never-read.pgm";
    r.output = "never-written.pfm";
    r.options = OptionValues(family.filter_options(), std::move(typed));
    return r;
  };
  CHECK_THROWS_WITH(family.filter(request({{"--storage", "cubes"}})),
                    Catch::Contains("sobel.single does not run on cubes storage") &&
                        Catch::Contains("use --storage images or buffer"));
  CHECK_THROWS_WITH(family.filter(request({{"--ksize", "11"}})),
                    Catch::Contains("filter size 11 is not supported") && Catch::Contains("3, 5, 7 or 9"));
  CHECK_THROWS_WITH(family.filter(request({{"--ksize", "4"}})), Catch::Contains("must be odd"));
  CHECK_THROWS_WITH(family.filter(request({{"--ksize", "5"}, {"--axis", "z"}})), Catch::Contains("unknown axis 'z'"));
  CHECK_THROWS_WITH(family.filter(request({{"--border-value", "0.5"}})),
                    Catch::Contains("--border-value applies to --border constant only"));
  // Another family's option is not the gradient families': the command line refuses it first.
  CHECK(undeclared(family.filter_options(), {{"--threshold", "3"}, {"--check", ""}}) == "--check, --threshold");
  CHECK_THROWS_WITH(family_for_filter("sobel.triple"),
                    Catch::Contains("unknown filter family") && Catch::Contains("sobel.double"));
}
