#include <algorithm>
#include <catch2/catch.hpp>
#include <set>

#include "error.hpp"
#include "families/gradient/gradient_variant.hpp"

using namespace filterlab;

TEST_CASE("variant IDs are stable and unique", "[variants]") {
  const auto all = registered_scharr_variants();
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
  CHECK_THROWS_WITH(find_scharr_variants("nosuch"), Catch::Contains("no registered variant"));
}

TEST_CASE("every family is registered for its storages and all sizes, IDs as documented", "[variants]") {
  const auto all = registered_scharr_variants();
  for (const auto& f : scharr_families())
    for (const char* storage : {"images", "buffer"})
      for (int k : {3, 5, 7, 9}) {
        const auto id = std::string(f.name) + "/" + storage + "/k" + std::to_string(k) + "/wg16x16";
        CAPTURE(id);
        // Every family runs on buffers; all but the one-launch families on images too.
        const int expected = std::string(storage) == "buffer" || !f.one_launch ? 1 : 0;
        CHECK(std::count_if(all.begin(), all.end(), [&](const GradientVariant& v) { return v.id() == id; }) ==
              expected);
      }
  CHECK(find_scharr_variants("scharr.double_local/images/k5/wg16x16").size() == 1);
}

TEST_CASE("the article's copy rule: remap up to 7x7, two loops from 9x9", "[variants]") {
  CHECK(make_variant("scharr.local", "images", 3).copy_pattern() == CopyPattern::Remap);
  CHECK(make_variant("scharr.local", "images", 7).copy_pattern() == CopyPattern::Remap);
  CHECK(make_variant("scharr.local", "images", 9).copy_pattern() == CopyPattern::TwoLoop);
  CHECK(make_variant("scharr.double_predefined_local", "buffer", 9).copy_pattern() == CopyPattern::TwoLoop);
  CHECK(make_variant("scharr.local_2loop", "images", 3).copy_pattern() == CopyPattern::TwoLoop);
  CHECK(make_variant("scharr.local_remap", "images", 9).copy_pattern() == CopyPattern::Remap);
  CHECK(make_variant("scharr.double", "images", 9).copy_pattern() == CopyPattern::None);
}

TEST_CASE("build options select the case through defines", "[variants]") {
  const auto v = make_variant("scharr.double_predefined_local", "buffer", 9);
  const auto opts = v.build_options(ref::Border::Wrap);
  for (const char* d : {"-DKSIZE=9", "-DFL_BORDER=3", "-DFL_STORAGE=0", "-DFL_DOUBLE=1", "-DFL_LOCAL=1",
                        "-DFL_COPY_REMAP=0", "-DFL_PREDEFINED=1", "-DFL_WG_W=16", "-DFL_WG_H=16"})
    CHECK_THAT(opts, Catch::Contains(d));
  CHECK(v.launches_per_unit() == 1);
  CHECK(v.local_bytes() == 24 * 24 * sizeof(float));
  const auto p = make_variant("scharr.predefined", "images", 3);
  CHECK(p.kernel_builds(ref::Border::Constant).size() == 2);  // one program per derivative
  CHECK(p.launches_per_unit() == 2);
  const auto s = make_variant("scharr.separable", "images", 5);
  CHECK(s.launches_per_unit() == 4);
  CHECK(s.kernel_files().back() == "scharr/separable.cl");
}

TEST_CASE("one-launch families cover every level in one launch, on buffers only", "[variants]") {
  const auto v = make_variant("scharr.double_predefined_rows8_onelaunch", "buffer", 5, 128, 2);
  CHECK_THAT(v.build_options(ref::Border::Reflect101), Catch::Contains("-DFL_PYRAMID=1"));
  CHECK(v.launches_per_unit() == 1);
  try {
    make_variant("scharr.double_predefined_rows8_onelaunch", "images", 5);
    FAIL("images accepted for a one-launch family");
  } catch (const Error& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("does not run on images"));
  }
  for (const auto& r : registered_scharr_variants())
    if (r.traits().one_launch) CHECK(r.storage == Storage::Buffer);
}
