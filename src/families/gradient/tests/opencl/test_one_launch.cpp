// One-launch variants filter every level of a store in one launch; the experiment also times them
// on level 0 alone. Both must write exactly their levels: the rest keeps its poison.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_verify.hpp"
#include "reference/scharr.hpp"
#include "tests/opencl/opencl_fixture.hpp"
#include "verify/compare.hpp"

using namespace filterlab;

TEST_CASE("a one-launch variant limited to level 0 writes level 0 and nothing else", "[variants][opencl]") {
  auto& rt = test::runtime();
  const auto images = integer_test_images(7);  // ten awkward shapes in one buffer
  std::vector<std::pair<int, int>> sizes;
  for (const auto& img : images) sizes.emplace_back(img.width, img.height);
  const auto shapes = pack_levels(sizes);
  const auto nan = std::numeric_limits<float>::quiet_NaN();
  {
    const auto v = make_variant("scharr.double_predefined_rows8_onelaunch", "buffer", 5, 128, 2);
    GradientRunner runner(rt, v, ref::Border::Reflect);
    auto in = allocate_levels(rt, Storage::Buffer, shapes, "input");
    auto out_x = allocate_levels(rt, Storage::Buffer, shapes, "d/dx");
    auto out_y = allocate_levels(rt, Storage::Buffer, shapes, "d/dy");
    upload_levels(rt, in, images);
    for (std::size_t count : {std::size_t{1}, images.size()}) {
      CAPTURE(count);
      fill_levels(rt, out_x, nan);
      fill_levels(rt, out_y, nan);
      CHECK(runner.enqueue_both(in, out_x, out_y, count).size() == 1);
      const auto gx = download_levels(rt, out_x);
      const auto gy = download_levels(rt, out_y);
      for (std::size_t i = 0; i < images.size(); ++i) {
        CAPTURE(i);
        if (i < count) {
          for (auto [got, axis] : {std::pair{&gx[i], ref::Axis::X}, std::pair{&gy[i], ref::Axis::Y}}) {
            const auto want = ref::correlate2d(images[i], ref::scharr_kernel(5, axis), ref::Border::Reflect);
            CHECK(compare_images(*got, want, 0.0).passed());
          }
        } else {
          for (float p : gx[i].px) REQUIRE(std::isnan(p));
          for (float p : gy[i].px) REQUIRE(std::isnan(p));
        }
      }
    }
  }
}
