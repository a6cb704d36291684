#include "opencl_fixture.hpp"

#include <cstdlib>
#include <memory>

#include "ocl/device.hpp"

namespace filterlab::test {

ocl::Runtime& runtime() {
  static std::unique_ptr<ocl::Runtime> rt = [] {
    const char* pattern = std::getenv("FILTERLAB_TEST_DEVICE");
    return std::make_unique<ocl::Runtime>(ocl::select_devices(pattern ? pattern : "").front());
  }();
  return *rt;
}

}  // namespace filterlab::test
