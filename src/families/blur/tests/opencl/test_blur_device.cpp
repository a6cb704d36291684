// The blur family on a device: every registered variant (and other work-groups) equals the oracle
// exactly at awkward sizes, `verify`'s check passes, a broken kernel is caught, the benchmark's
// timed form and the tuning space check their outputs.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>

#include "families/blur/blur_runner.hpp"
#include "families/blur/blur_space.hpp"
#include "families/blur/blur_verify.hpp"
#include "families/family.hpp"
#include "ocl/program.hpp"
#include "reference/blur.hpp"
#include "tests/opencl/opencl_fixture.hpp"
#include "tuner/spaces.hpp"
#include "verify/compare.hpp"

using namespace filterlab;

namespace {

ref::Image grey_image(int w, int h, std::mt19937& rng) {
  std::uniform_int_distribution<int> grey(0, 255);
  ref::Image img(w, h);
  for (auto& v : img.px) v = static_cast<float>(grey(rng));
  return img;
}

}  // namespace

TEST_CASE("every blur variant equals the oracle exactly at awkward sizes", "[blur][opencl]") {
  auto& rt = test::runtime();
  std::mt19937 rng(20261122u);
  std::vector<BlurVariant> variants = registered_blur_variants();
  for (const char* f : {"blur.separable", "blur.2d"}) {
    variants.push_back(make_blur_variant(f, 5, 8, 4));
    variants.push_back(make_blur_variant(f, 7, 32, 8));
  }
  for (const auto& v : variants)
    for (const auto& [w, h] : blur_test_shapes()) {
      CAPTURE(v.id(), w, h);
      const auto img = grey_image(w, h, rng);
      const auto got = apply_blur(rt, v, img);
      const auto want = ref::binomial_blur(img, v.ksize);
      const auto c = compare_images(got, want, 0.0);
      INFO(c.describe(got, want));
      CHECK(c.passed());
    }
}

TEST_CASE("verify passes every registered blur variant", "[blur][opencl]") {
  auto& rt = test::runtime();
  for (const auto& v : registered_filter_variants("blur.")) {
    CAPTURE(v->id());
    const auto outcome = v->verify(rt, "reflect101");
    INFO(outcome.status);
    CHECK(outcome.passed);
    CHECK(outcome.cells[0] == "0");
    CHECK_THROWS(v->verify(rt, "wrap"));
  }
}

TEST_CASE("a blur kernel with a wrong weight is caught", "[blur][opencl][mutation]") {
  // The middle tap of every row gets C(K-1, i) + 1: sums stay integers, so only the oracle notices.
  const auto dir =
      test::mutated_kernels("blur/binomial.cl", "return (float)c;", "return (float)(c + (i == FL_BLUR_R));");
  ocl::set_kernel_dir(dir.string());
  bool separable = true, direct = true;
  try {
    separable = verify_blur_variant(test::runtime(), make_blur_variant("blur.separable", 3)).passed;
    direct = verify_blur_variant(test::runtime(), make_blur_variant("blur.2d", 5)).passed;
  } catch (...) {
    ocl::set_kernel_dir("");
    throw;
  }
  ocl::set_kernel_dir("");
  std::filesystem::remove_all(dir);
  CHECK_FALSE(separable);
  CHECK_FALSE(direct);
}

TEST_CASE("the blur's timed form and tuning space check their outputs", "[blur][opencl][tuner]") {
  auto& rt = test::runtime();
  for (const auto& v : registered_filter_variants("blur.separable/buffer/k5")) {
    auto run = v->timed_run(rt, 67, 45, "reflect101");
    REQUIRE(run);
    CHECK(run->enqueue().size() == 2);
    rt.queue.finish();
    CHECK(run->check() == "");
  }
  BlurSpace space(&rt, 67, {67, 1, 2});
  for (const tuner::Point& p : {tuner::Point{0, 5, 16, 8}, tuner::Point{1, 7, 8, 4}}) {
    CAPTURE(space.id(p));
    const auto m = space.evaluate(p);
    INFO(m.reason);
    CHECK(m.valid());
    CHECK(m.samples_ms.size() == 2);
  }
  tuner::SpaceSettings settings;
  CHECK(tuner::make_space(kBlurSpace, rt, settings)->name() == kBlurSpace);
}
