// Device limits are checked before allocation, with messages that say what to do.
#include <catch2/catch.hpp>

#include "error.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "ocl/limits.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;

TEST_CASE("an image wider than the device allows is refused before allocation", "[limits][opencl]") {
  auto& rt = test::runtime();
  const auto& dev = rt.device.info;
  REQUIRE(dev.image_support);
  CHECK_THROWS_WITH(ocl::check_image2d(dev, dev.image2d_max_width + 1, 4, "test image"),
                    Catch::Contains("2-D images are limited to") && Catch::Contains("--storage buffer"));
  CHECK_NOTHROW(ocl::check_image2d(dev, dev.image2d_max_width, 4, "test image"));
  ref::Image wide(static_cast<int>(dev.image2d_max_width) + 1, 2, 1.0f);
  CHECK_THROWS_WITH(
      apply_derivative(rt, make_variant("scharr.single", "images", 3), wide, ref::Axis::X, ref::Border::Replicate),
      Catch::Contains("limited to"));
  // The same image works as a buffer.
  const auto out =
      apply_derivative(rt, make_variant("scharr.single", "buffer", 3), wide, ref::Axis::X, ref::Border::Replicate);
  CHECK(out.at(5, 1) == 0.0f);
}

TEST_CASE("allocation, memory and work-group limits are enforced", "[limits][opencl]") {
  const auto& dev = test::runtime().device.info;
  CHECK_THROWS_WITH(ocl::check_allocation(dev, dev.max_alloc_bytes + 1, "big buffer"),
                    Catch::Contains("one allocation"));
  CHECK_THROWS_WITH(ocl::check_total_memory(dev, dev.global_mem_bytes + 1, "everything"),
                    Catch::Contains("device memory"));
  CHECK_THROWS_WITH(ocl::check_local_memory(dev, dev.local_mem_bytes + 1, "tile"), Catch::Contains("local memory"));
  CHECK_THROWS_WITH(ocl::check_image1d_buffer(dev, dev.image_max_buffer_size + 1, "pyramid"),
                    Catch::Contains("image buffers are limited"));
  ocl::DeviceInfo no_images = dev;
  no_images.image_support = false;
  CHECK_THROWS_WITH(ocl::require_images(no_images, "scharr.single/images"), Catch::Contains("does not have"));
  auto& rt = test::runtime();
  CHECK_THROWS_WITH(GradientRunner(rt, make_variant("scharr.single", "buffer", 3, 4096, 4096), ref::Border::Reflect),
                    Catch::Contains("work-group"));
}

TEST_CASE("device limits raise Unsupported, which verify reports apart from failures", "[limits][opencl]") {
  auto& rt = test::runtime();
  const auto& dev = rt.device.info;
  CHECK_THROWS_AS(GradientRunner(rt, make_variant("scharr.single", "cubes", 3, 4096, 4096), ref::Border::Reflect),
                  Unsupported);
  CHECK_THROWS_AS(ocl::check_image2d_array(dev, 4, 4, dev.image_max_array_size + 1, "octave"), Unsupported);
  CHECK_THROWS_WITH(ocl::check_image2d_array(dev, 4, 4, dev.image_max_array_size + 1, "octave"),
                    Catch::Contains("image arrays are limited to"));
  CHECK_NOTHROW(ocl::check_image2d_array(dev, 4, 4, dev.image_max_array_size, "octave"));
}
