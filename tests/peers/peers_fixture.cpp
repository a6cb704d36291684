#include "peers_fixture.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "io/netpbm.hpp"

namespace filterlab::test {

const ocl::Device& peers_device() {
  static const ocl::Device d = [] {
    const char* pattern = std::getenv("FILTERLAB_TEST_DEVICE");
    return ocl::select_devices(pattern ? pattern : "").front();
  }();
  return d;
}

std::string small_base_image() {
  const auto path =
      std::filesystem::temp_directory_path() / ("filterlab_peers_base_" + std::to_string(::getpid()) + ".pfm");
  ref::Image base = peers::random_float_image(520, 7);
  ref::Image cropped(520, 500);
  for (int y = 0; y < 500; ++y)
    for (int x = 0; x < 520; ++x) cropped.at(x, y) = base.at(x, y);
  io::write_pfm(path.string(), cropped);
  return path.string();
}

std::vector<peers::Workload> small_workloads() {
  std::vector<peers::Workload> w;
  const std::string base = small_base_image();
  for (int k : {3, 5, 7, 9}) w.push_back(peers::scharr_pyramid_workload(base, 1, k));
  std::filesystem::remove(base);
  w.push_back(peers::sepconv_workload(100, 11));
  w.push_back(peers::conv2d_u8_workload(97, 12));
  w.push_back(peers::harris_workload(90, 13));
  return w;
}

}  // namespace filterlab::test
