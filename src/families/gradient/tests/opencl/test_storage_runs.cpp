// Buffers, image buffers and cubes launch once per run of equal-sized levels (an octave of the pyramid),
// the levels along the NDRange's third dimension. `verify` uses images of ten different sizes,
// one level per run; these inputs put several levels in a run, as the pyramid does.
#include <catch2/catch.hpp>
#include <random>

#include "families/gradient/gradient_runner.hpp"
#include "reference/scharr.hpp"
#include "tests/opencl/opencl_fixture.hpp"
#include "verify/compare.hpp"

using namespace filterlab;

namespace {
// Runs of 3, 2 and 1 levels, each level with its own integer content.
std::vector<ref::Image> octave_like_levels() {
  const std::vector<std::pair<int, int>> shapes = {{37, 23}, {37, 23}, {37, 23}, {17, 9}, {17, 9}, {5, 40}};
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> value(0, 255);
  std::vector<ref::Image> out;
  for (const auto& [w, h] : shapes) {
    ref::Image img(w, h);
    for (auto& v : img.px) v = static_cast<float>(value(rng));
    out.push_back(std::move(img));
  }
  return out;
}
}  // namespace

TEST_CASE("equal-sized consecutive levels form one run", "[storage]") {
  const auto runs = equal_size_runs(pack_levels({{4, 4}, {4, 4}, {2, 2}, {4, 4}, {4, 4}, {4, 4}}));
  REQUIRE(runs.size() == 3);
  CHECK((runs[0].first == 0 && runs[0].count == 2));
  CHECK((runs[1].first == 2 && runs[1].count == 1));
  CHECK((runs[2].first == 3 && runs[2].count == 3));
}

TEST_CASE("buffers, image buffers and cubes filter every level of a multi-level run exactly", "[storage][opencl]") {
  auto& rt = test::runtime();
  const auto levels = octave_like_levels();
  for (const char* storage : {"buffer", "image_buffer", "cubes"})
    for (const char* family : {"scharr.single", "scharr.local"})
      for (ref::Border border : {ref::Border::Constant, ref::Border::Reflect101, ref::Border::Wrap}) {
        CAPTURE(storage, family, ref::border_name(border));
        const auto v = make_variant(family, storage, 5);
        const auto [gx, gy] = apply_gradient(rt, v, levels, border, 7.0f);
        for (std::size_t i = 0; i < levels.size(); ++i) {
          CAPTURE(i);
          const auto wx = ref::correlate2d(levels[i], ref::scharr_kernel(5, ref::Axis::X), border, 7.0f);
          const auto wy = ref::correlate2d(levels[i], ref::scharr_kernel(5, ref::Axis::Y), border, 7.0f);
          CHECK(compare_images(gx[i], wx, 0.0).passed());
          CHECK(compare_images(gy[i], wy, 0.0).passed());
        }
      }
}

TEST_CASE("separable and double variants on a buffer filter multi-level runs exactly", "[storage][opencl]") {
  auto& rt = test::runtime();
  const auto levels = octave_like_levels();
  for (const char* family : {"scharr.separable", "scharr.double_predefined", "scharr.double_predefined_rows8"}) {
    CAPTURE(family);
    const auto v = make_variant(family, "buffer", 3);
    const auto [gx, gy] = apply_gradient(rt, v, levels, ref::Border::Reflect);
    for (std::size_t i = 0; i < levels.size(); ++i) {
      CAPTURE(i);
      CHECK(compare_images(gx[i],
                           ref::correlate2d(levels[i], ref::scharr_kernel(3, ref::Axis::X), ref::Border::Reflect), 0.0)
                .passed());
      CHECK(compare_images(gy[i],
                           ref::correlate2d(levels[i], ref::scharr_kernel(3, ref::Axis::Y), ref::Border::Reflect), 0.0)
                .passed());
    }
  }
}
