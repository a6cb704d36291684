// The pyramid built on the device, for every storage type, equals the oracle's level by level;
// key points are read from every level in one launch where the storage allows it (the checks that
// `filterlab verify` runs as pyramid.build/* and pyramid.keypoints/*).
#include <catch2/catch.hpp>

#include "error.hpp"
#include "families/pyramid/pyramid_verify.hpp"
#include "tests/opencl/opencl_fixture.hpp"

using namespace filterlab;

TEST_CASE("the pyramid built on the device equals the oracle's on every storage type", "[pyramid][opencl]") {
  auto& rt = test::runtime();
  const auto ids = pyramid_check_ids("pyramid.build/");
  REQUIRE(ids.size() == 4);
  for (const auto& id : ids) {
    const auto c = run_pyramid_check(rt, id);
    CAPTURE(id, c.failure);
    CHECK(c.passed);
    CHECK(c.compared > 0);
  }
}

TEST_CASE("key points from every level in one launch: buffer and image buffer only", "[pyramid][opencl]") {
  auto& rt = test::runtime();
  // Images and cubes keep levels apart: not registered, and refused when asked for by ID.
  CHECK(pyramid_check_ids("pyramid.keypoints/") ==
        std::vector<std::string>{"pyramid.keypoints/buffer", "pyramid.keypoints/image_buffer"});
  for (const char* id : {"pyramid.keypoints/images", "pyramid.keypoints/cubes"})
    CHECK_THROWS_AS(run_pyramid_check(rt, id), Unsupported);
  for (const auto& id : pyramid_check_ids("pyramid.keypoints/")) {
    CAPTURE(id);
    const auto c = run_pyramid_check(rt, id);
    CAPTURE(c.failure);
    CHECK(c.passed);
    CHECK(c.compared == 16 * 7);
  }
}
