// Every registered variant x border x size against the oracle (the same check `filterlab verify`
// runs): integer-valued images of awkward shapes must match exactly, random floats within bound.
// One test case per family, so that ctest runs them in parallel.
#include <catch2/catch.hpp>
#include <set>

#include "filters/scharr_runner.hpp"
#include "opencl_fixture.hpp"
#include "reference/scharr.hpp"
#include "verify/compare.hpp"
#include "verify/verify.hpp"

using namespace filterlab;

namespace {

std::set<std::string>& tested_families() {
  static std::set<std::string> s;
  return s;
}

void verify_family(const std::string& family) {
  auto& rt = test::runtime();
  int checked = 0;
  for (const auto& v : registered_variants()) {
    if (v.family != family) continue;
    for (ref::Border border : ref::kAllBorders) {
      CAPTURE(v.id(), ref::border_name(border));
      const auto r = verify_variant(rt, v, border);
      INFO(r.failure);
      CHECK(r.max_error_integer == 0.0);
      CHECK(r.max_error_float <= r.float_tolerance);
      CHECK(r.passed);
      ++checked;
    }
  }
  // Every storage the family runs on, four sizes, five borders (16x16).
  CHECK(checked >= static_cast<int>(Variant{family}.traits().storages().size()) * 4 * 5);
  tested_families().insert(family);
}

}  // namespace

#define FAMILY_MATCHES_ORACLE(name) \
  TEST_CASE("every " name " variant matches the oracle on every border", "[variants][opencl]") { verify_family(name); }

FAMILY_MATCHES_ORACLE("scharr.single")
FAMILY_MATCHES_ORACLE("scharr.local")
FAMILY_MATCHES_ORACLE("scharr.local_2loop")
FAMILY_MATCHES_ORACLE("scharr.local_remap")
FAMILY_MATCHES_ORACLE("scharr.separable")
FAMILY_MATCHES_ORACLE("scharr.double")
FAMILY_MATCHES_ORACLE("scharr.predefined")
FAMILY_MATCHES_ORACLE("scharr.double_local")
FAMILY_MATCHES_ORACLE("scharr.double_predefined")
FAMILY_MATCHES_ORACLE("scharr.predefined_local")
FAMILY_MATCHES_ORACLE("scharr.double_predefined_local")
FAMILY_MATCHES_ORACLE("scharr.double_predefined_rows8")
FAMILY_MATCHES_ORACLE("scharr.double_predefined_rows8_onelaunch")

TEST_CASE("every registered family has an oracle test above", "[variants]") {
  std::set<std::string> listed = {"scharr.single",           "scharr.local",
                                  "scharr.local_2loop",      "scharr.local_remap",
                                  "scharr.separable",        "scharr.double",
                                  "scharr.predefined",       "scharr.double_local",
                                  "scharr.double_predefined", "scharr.predefined_local",
                                  "scharr.double_predefined_local", "scharr.double_predefined_rows8",
                                  "scharr.double_predefined_rows8_onelaunch"};
  std::set<std::string> registered;
  for (const auto& f : families()) registered.insert(f.name);
  CHECK(listed == registered);
}

TEST_CASE("the comparison catches a wrong kernel: d/dx is not d/dy", "[variants][opencl]") {
  // Guards the guard: verification must be able to fail.
  auto& rt = test::runtime();
  const auto img = integer_test_images(1)[8];  // 64x48
  const auto v = make_variant("scharr.single", "buffer", 5);
  const auto got = apply_scharr(rt, v, img, ref::Axis::X, ref::Border::Reflect101);
  const auto wrong = ref::correlate2d(img, ref::scharr_kernel(5, ref::Axis::Y), ref::Border::Reflect101);
  CHECK_FALSE(compare_images(got, wrong, 0.0).passed());
  const auto right = ref::correlate2d(img, ref::scharr_kernel(5, ref::Axis::X), ref::Border::Reflect101);
  CHECK(compare_images(got, right, 0.0).passed());
}

TEST_CASE("one buffer holding several levels keeps every level apart", "[variants][opencl]") {
  auto& rt = test::runtime();
  auto imgs = integer_test_images(3);
  for (auto family : {"scharr.single", "scharr.double_local", "scharr.separable"}) {
    for (auto storage : {"buffer", "images"}) {
      const auto v = make_variant(family, storage, 9);
      const auto [gx, gy] = apply_gradient(rt, v, imgs, ref::Border::Wrap);
      REQUIRE(gy.size() == imgs.size());
      for (std::size_t i = 0; i < imgs.size(); ++i) {
        CAPTURE(family, storage, i);
        const auto want = ref::correlate2d(imgs[i], ref::scharr_kernel(9, ref::Axis::Y), ref::Border::Wrap);
        CHECK(compare_images(gy[i], want, 0.0).passed());
      }
    }
  }
}

TEST_CASE("a one-derivative request of a double variant returns the right derivative", "[variants][opencl]") {
  auto& rt = test::runtime();
  const auto img = integer_test_images(5)[7];  // 37x23
  const auto v = make_variant("scharr.double_predefined", "images", 7);
  for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
    const auto got = apply_scharr(rt, v, img, axis, ref::Border::Reflect);
    CHECK(compare_images(got, ref::correlate2d(img, ref::scharr_kernel(7, axis), ref::Border::Reflect), 0.0).passed());
  }
}
