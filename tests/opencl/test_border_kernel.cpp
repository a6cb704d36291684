// The kernel-side border function (kernels/common/border.cl), used by every filter variant, must
// map indices exactly as the oracle (and cv::borderInterpolate) does, far outside the image too.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ocl/program.hpp"
#include "opencl_fixture.hpp"
#include "reference/border.hpp"

using namespace filterlab;

TEST_CASE("kernel border index equals the oracle for every mode, length and far-out index", "[border][opencl]") {
  auto& rt = test::runtime();
  const auto source = ocl::load_program_source({"common/border.cl", "probe/border_probe.cl"});
  for (auto border : ref::kAllBorders) {
    const auto program =
        ocl::build_program(rt.context, rt.device, source, "-DFL_BORDER=" + std::to_string(static_cast<int>(border)));
    cl::Kernel kernel(program, "border_probe");
    for (int n : {1, 2, 3, 4, 5, 7, 16, 483}) {
      const int first = -5 * n - 11, count = 11 * n + 23;  // several periods on both sides
      cl::Buffer out(rt.context, CL_MEM_WRITE_ONLY, sizeof(int) * static_cast<std::size_t>(count));
      kernel.setArg(0, out);
      kernel.setArg(1, first);
      kernel.setArg(2, n);
      rt.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(static_cast<std::size_t>(count)));
      std::vector<int> got(static_cast<std::size_t>(count));
      rt.queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(int) * got.size(), got.data());
      for (int k = 0; k < count; ++k) {
        CAPTURE(ref::border_name(border), n, first + k);
        REQUIRE(got[static_cast<std::size_t>(k)] == ref::border_index(first + k, n, border));
      }
    }
  }
}
