// The Sobel family on a device, beyond the registry-wide verify shards (which check every Sobel
// variant x border): the runner really applies the variant's coefficients, Sobel's, not Scharr's.
#include <catch2/catch.hpp>

#include "families/gradient/gradient_family.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "reference/scharr.hpp"
#include "reference/sobel.hpp"
#include "tests/opencl/opencl_fixture.hpp"
#include "verify/compare.hpp"

using namespace filterlab;

namespace {
// A registered Sobel variant by its ID, as `verify` and `filter` get it.
GradientVariant sobel_variant(const std::string& id) {
  const auto found = registered_filter_variants(id);
  REQUIRE(found.size() == 1);
  const auto* g = dynamic_cast<const GradientFilterVariant*>(found.front().get());
  REQUIRE(g != nullptr);
  return g->variant();
}
}  // namespace

TEST_CASE("a Sobel variant applies Sobel's coefficients, not Scharr's", "[sobel][opencl]") {
  auto& rt = test::runtime();
  const auto img = integer_test_images(11)[8];  // 64x48
  const auto v = sobel_variant("sobel.single/buffer/k5/wg16x16");
  for (ref::Axis axis : {ref::Axis::X, ref::Axis::Y}) {
    const auto got = apply_derivative(rt, v, img, axis, ref::Border::Reflect101);
    const auto sobel = ref::correlate2d(img, ref::sobel_kernel(5, axis), ref::Border::Reflect101);
    const auto scharr = ref::correlate2d(img, ref::scharr_kernel(5, axis), ref::Border::Reflect101);
    CHECK(compare_images(got, sobel, 0.0).passed());
    CHECK_FALSE(compare_images(got, scharr, 0.0).passed());
  }
}

TEST_CASE("sobel.double computes both derivatives of several images in one call", "[sobel][opencl]") {
  auto& rt = test::runtime();
  const auto imgs = integer_test_images(12);
  for (const char* id : {"sobel.double/images/k9/wg16x16", "sobel.double/buffer/k9/wg16x16"}) {
    const auto v = sobel_variant(id);
    const auto [gx, gy] = apply_gradient(rt, v, imgs, ref::Border::Constant, 7.0f);
    REQUIRE(gx.size() == imgs.size());
    for (std::size_t i = 0; i < imgs.size(); ++i) {
      CAPTURE(id, i);
      const auto want = [&](ref::Axis axis) {
        return ref::correlate2d(imgs[i], ref::sobel_kernel(9, axis), ref::Border::Constant, 7.0);
      };
      CHECK(compare_images(gx[i], want(ref::Axis::X), 0.0).passed());
      CHECK(compare_images(gy[i], want(ref::Axis::Y), 0.0).passed());
    }
  }
}
