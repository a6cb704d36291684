// Every registered variant x border x size against the oracle (the same check `filterlab verify`
// runs): integer-valued images of awkward shapes must match exactly, random floats within bound.
#include <catch2/catch.hpp>

#include "filters/scharr_runner.hpp"
#include "opencl_fixture.hpp"
#include "reference/scharr.hpp"
#include "verify/compare.hpp"
#include "verify/verify.hpp"

using namespace filterlab;

TEST_CASE("every variant matches the oracle on every border", "[variants][opencl]") {
  auto& rt = test::runtime();
  const auto variants = registered_variants();
  const auto v = GENERATE_COPY(from_range(variants));
  const auto border = GENERATE(from_range(ref::kAllBorders));
  CAPTURE(v.id(), ref::border_name(border));
  const auto r = verify_variant(rt, v, border);
  INFO(r.failure);
  CHECK(r.max_error_integer == 0.0);
  CHECK(r.max_error_float <= r.float_tolerance);
  CHECK(r.passed);
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
  for (auto storage : {"buffer", "images"}) {
    const auto v = make_variant("scharr.single", storage, 9);
    const auto got = apply_scharr(rt, v, imgs, ref::Axis::Y, ref::Border::Wrap);
    REQUIRE(got.size() == imgs.size());
    for (std::size_t i = 0; i < imgs.size(); ++i) {
      CAPTURE(storage, i);
      const auto want = ref::correlate2d(imgs[i], ref::scharr_kernel(9, ref::Axis::Y), ref::Border::Wrap);
      CHECK(compare_images(got[i], want, 0.0).passed());
    }
  }
}
