// The Scharr variants' oracle checks beyond the registry-wide verify shards.
#include <catch2/catch.hpp>

#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "reference/scharr.hpp"
#include "tests/opencl/opencl_fixture.hpp"
#include "verify/compare.hpp"

using namespace filterlab;

// Every registered variant x case against the oracle is checked by the `opencl:verify` shards
// (tests/opencl/CMakeLists.txt), which run `filterlab verify` over the family registry. These
// tests guard the guard and the paths verify does not take.

TEST_CASE("the comparison catches a wrong kernel: d/dx is not d/dy", "[variants][opencl]") {
  // Guards the guard: verification must be able to fail.
  auto& rt = test::runtime();
  const auto img = integer_test_images(1)[8];  // 64x48
  const auto v = make_variant("scharr.single", "buffer", 5);
  const auto got = apply_derivative(rt, v, img, ref::Axis::X, ref::Border::Reflect101);
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
    const auto got = apply_derivative(rt, v, img, axis, ref::Border::Reflect);
    CHECK(compare_images(got, ref::correlate2d(img, ref::scharr_kernel(7, axis), ref::Border::Reflect), 0.0).passed());
  }
}
