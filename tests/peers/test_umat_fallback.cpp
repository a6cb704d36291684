// OpenCV's UMat path falls back to the CPU silently; the launch counter must catch both ways it
// happens: no usable device selected, and OpenCL switched off after a good selection.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <opencv2/core/ocl.hpp>

#include "peers/opencv_peer.hpp"
#include "peers_fixture.hpp"

using namespace filterlab;

TEST_CASE("A UMat run with a device that does not exist is recorded as a fallback", "[peers]") {
  setenv("OPENCV_OPENCL_DEVICE", "NoSuchPlatform:GPU:no-such-device", 1);
  const auto sel = peers::select_opencv_device(test::peers_device());
  CHECK_FALSE(sel.problem.empty());
  auto peer = peers::make_opencv_umat(sel);
  const auto w = peers::sepconv_workload(64, 1);
  peer->prepare(w);
  peer->run();
  CHECK(peers::judge(w, peer->outputs()).passed);  // the CPU computed it: right values, wrong claim
  CHECK(peer->fell_back());
  CHECK(peer->evidence()["opencl_launches_total"].get<std::uint64_t>() == 0);
}

TEST_CASE("UMat calls that run on the CPU after a good selection are recorded as a fallback", "[peers]") {
  const auto sel = peers::select_opencv_device(test::peers_device());
  REQUIRE(sel.problem.empty());
  auto peer = peers::make_opencv_umat(sel);
  const auto w = peers::harris_workload(64, 2);
  peer->prepare(w);
  cv::ocl::setUseOpenCL(false);  // what a declined OpenCL path amounts to: the CPU code on UMat data
  peer->run();
  cv::ocl::setUseOpenCL(true);
  CHECK(peers::judge(w, peer->outputs()).passed);
  CHECK(peer->fell_back());
}
