// Every peer computes every workload within the oracle's tolerance on a small image, and the
// judge rejects an output one tolerance step off.
#include <dlfcn.h>

#include <catch2/catch.hpp>

#include "error.hpp"
#include "ocl/runtime.hpp"
#include "peers/halide_context.hpp"
#include "peers/halide_peer.hpp"
#include "peers/halide_pipelines.hpp"
#include "peers/opencv_peer.hpp"
#include "peers_fixture.hpp"

using namespace filterlab;

namespace {

void check_peer(peers::Peer& peer) {
  for (const auto& w : test::small_workloads()) {
    INFO(peer.name() << " on " << w.id);
    REQUIRE_FALSE(peer.not_comparable(w).has_value());
    peer.prepare(w);
    peer.run();
    const auto j = peers::judge(w, peer.outputs());
    INFO(j.detail);
    CHECK(j.passed);
  }
}

}  // namespace

TEST_CASE("OpenCV's CPU functions compute every workload as the oracle does", "[peers]") {
  auto peer = peers::make_opencv_cpu();
  check_peer(*peer);
}

TEST_CASE("OpenCV's UMat path runs OpenCL kernels on the selected device and agrees with the oracle", "[peers]") {
  const auto sel = peers::select_opencv_device(test::peers_device());
  REQUIRE(sel.problem.empty());
  REQUIRE(sel.matches);
  auto peer = peers::make_opencv_umat(sel);
  check_peer(*peer);
  CHECK_FALSE(peer->fell_back());
  const auto e = peer->evidence();
  CHECK(e["opencl_launches_min_per_call"].get<std::uint64_t>() >= 1);
  CHECK(e["opencl_launches_on_other_devices"].get<std::uint64_t>() == 0);
}

TEST_CASE("Halide's CPU pipelines compute every workload as the oracle does", "[peers]") {
  auto peer = peers::make_halide_cpu();
  check_peer(*peer);
}

TEST_CASE("Halide's OpenCL pipelines run on FilterLab's device and agree with the oracle", "[peers]") {
  ocl::Runtime rt(test::peers_device());
  peers::use_for_halide_opencl(rt);
  {
    auto peer = peers::make_halide_opencl();
    check_peer(*peer);
  }
  peers::release_halide_opencl();
}

// An autoscheduled pipeline is planned for 4096^2 (peers/halide/schedule.hpp): an image smaller
// than its tiles (the small workloads, 15-100 px) it may refuse (Halide's bounds check), never
// compute wrong; at the sizes the peers experiment uses on CPU devices (the GPU sides / 4: 1024,
// 2048 and 1280) every one runs and agrees.
void check_autoscheduled(peers::Peer& peer) {
  auto all = test::small_workloads();
  const auto refused_at = all.size();
  for (auto&& w :
       {peers::sepconv_workload(1024, 21), peers::conv2d_u8_workload(2048, 22), peers::harris_workload(1280, 23)})
    all.push_back(w);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& w = all[i];
    INFO(peer.name() << " on " << w.id);
    REQUIRE_FALSE(peer.not_comparable(w).has_value());
    peer.prepare(w);
    try {
      peer.run();
    } catch (const Error& e) {
      CHECK(i < refused_at);
      CHECK_THAT(e.what(), Catch::Contains("is accessed at") && Catch::Contains("before the min"));
      continue;
    }
    const auto j = peers::judge(w, peer.outputs());
    INFO(j.detail);
    CHECK(j.passed);
  }
}

TEST_CASE("Halide's autoscheduled CPU pipelines agree with the oracle or refuse an image smaller than their tiles",
          "[peers]") {
  REQUIRE(peers::halide_autoschedulers(false) == std::vector<std::string>{"mullapudi2016", "adams2019", "li2018"});
  for (const auto& s : peers::halide_autoschedulers(false)) {
    auto peer = peers::make_halide_cpu(s);
    CHECK(peer->name() == "halide_cpu_" + s);
    CHECK(peer->evidence()["schedule"].get<std::string>().find(s) != std::string::npos);
    check_autoscheduled(*peer);
  }
}

TEST_CASE("Halide's autoscheduled OpenCL pipelines run on FilterLab's device and agree with the oracle", "[peers]") {
  ocl::Runtime rt(test::peers_device());
  peers::use_for_halide_opencl(rt);
  CHECK(peers::halide_autoschedulers(true) ==
        std::vector<std::string>{"anderson2021", "li2018", "mullapudi2016"});
  for (const auto& s : peers::halide_autoschedulers(true)) {
    INFO("autoscheduler " << s);
    auto peer = peers::make_halide_opencl(s);
    CHECK(peer->name() == "halide_opencl_" + s);
    check_autoscheduled(*peer);
  }
  peers::release_halide_opencl();
}

TEST_CASE("Halide's CUDA pipelines exist for every OpenCL one, in the same schedules", "[peers]") {
  std::size_t ocl = 0;
  for (const auto& [key, fn] : peers::halide_pipelines()) {
    const auto slash = key.find('/');
    const std::string name = key.substr(0, slash), rest = key.substr(slash + 1);
    if (rest.rfind("ocl/", 0) != 0) continue;
    ++ocl;
    INFO(key);
    CHECK(peers::halide_pipelines().count(name + "/cuda/" + rest.substr(4)) == 1);
  }
  CHECK(ocl == 11 * 4);  // Scharr 3..9 x/y, sepconv, conv2d_u8, Harris; hand + three autoschedulers
  for (const auto& s : peers::halide_autoschedulers(true)) CHECK(peers::make_halide_cuda(s)->name() == "halide_cuda_" + s);
  CHECK(peers::make_halide_cuda()->evidence()["target"].get<std::string>().find("-cuda-") != std::string::npos);
}

TEST_CASE("Halide's CUDA peer says why when the machine has no CUDA driver", "[peers]") {
  if (void* cuda = dlopen("libcuda.so.1", RTLD_LAZY)) {  // a GPU machine: nothing to refuse
    dlclose(cuda);
    WARN("libcuda.so.1 loads here: the refusal is not what this machine shows");
    return;
  }
  auto peer = peers::make_halide_cuda();
  const auto w = peers::sepconv_workload(64, 1);
  CHECK_THROWS_WITH(peer->prepare(w), Catch::Contains("copy of the input to the device failed"));
  peers::release_halide_cuda();
}

TEST_CASE("Halide's OpenCL context is released safely when no OpenCL pipeline ran", "[peers]") {
  // A run of the CPU peers alone (filterlab-peers run --peers halide_cpu) ended in a null call.
  ocl::Runtime rt(test::peers_device());
  peers::use_for_halide_opencl(rt);
  auto peer = peers::make_halide_cpu();
  peer->prepare(peers::sepconv_workload(64, 2));
  peer->run();
  peers::release_halide_opencl();
  CHECK_FALSE(peers::halide_opencl_context_set());
}

TEST_CASE("Halide's OpenCL peer refuses to run without a device", "[peers]") {
  auto peer = peers::make_halide_opencl();
  const auto w = peers::sepconv_workload(64, 1);
  CHECK_THROWS_WITH(peer->prepare(w), Catch::Contains("no device"));
}

TEST_CASE("The judge rejects an output just beyond the tolerance", "[peers]") {
  for (const auto& w :
       {peers::sepconv_workload(64, 3), peers::conv2d_u8_workload(64, 4), peers::harris_workload(64, 5)}) {
    INFO(w.id);
    auto peer = peers::make_opencv_cpu();
    peer->prepare(w);
    peer->run();
    auto out = peer->outputs();
    REQUIRE(peers::judge(w, out).passed);
    // Move one pixel to the oracle's value plus twice the tolerance (plus one grey level for 8 bits).
    const auto& want = *w.jobs[0].oracle;
    out[0].at(17, 23) = static_cast<float>(want.at(17, 23) + 2.0 * w.jobs[0].tolerance + (w.u8 ? 1.0 : 0.0));
    const auto j = peers::judge(w, out);
    CHECK_FALSE(j.passed);
    CHECK_THAT(j.detail, Catch::Contains("(17,23)"));
  }
}
