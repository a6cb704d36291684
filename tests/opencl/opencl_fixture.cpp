#include "opencl_fixture.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "ocl/device.hpp"
#include "ocl/embedded_kernels.hpp"

namespace filterlab::test {

ocl::Runtime& runtime() {
  static std::unique_ptr<ocl::Runtime> rt = [] {
    const char* pattern = std::getenv("FILTERLAB_TEST_DEVICE");
    return std::make_unique<ocl::Runtime>(ocl::select_devices(pattern ? pattern : "").front());
  }();
  return *rt;
}

namespace fs = std::filesystem;

fs::path mutated_kernels(const std::string& file, const std::string& from, const std::string& to) {
  const auto dir = fs::temp_directory_path() / ("filterlab-mutant-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  for (std::size_t i = 0; i < ocl::kEmbeddedKernelCount; ++i) {
    const fs::path path = dir / ocl::kEmbeddedKernels[i].path;
    fs::create_directories(path.parent_path());
    std::string text = ocl::kEmbeddedKernels[i].source;
    if (file == ocl::kEmbeddedKernels[i].path) {
      const auto at = text.find(from);
      REQUIRE(at != std::string::npos);
      text.replace(at, from.size(), to);
    }
    std::ofstream(path) << text;
  }
  return dir;
}

}  // namespace filterlab::test
