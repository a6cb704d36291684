// The kernel-side border function (kernels/common/border.cl), used by every filter variant, must
// map indices exactly as the oracle (and cv::borderInterpolate) does, far outside the image too.
#include <catch2/catch.hpp>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "ocl/program.hpp"
#include "opencl_fixture.hpp"
#include "reference/border.hpp"

using namespace filterlab;

namespace {

// fl_border_index(first + k, n) for k = 0 .. count-1 under one border mode, on the test device.
std::vector<int> kernel_indices(ref::Border border, int first, int count, int n) {
  auto& rt = test::runtime();
  const auto source = ocl::load_program_source({"common/border.cl", "probe/border_probe.cl"});
  const auto program =
      ocl::build_program(rt.context, rt.device, source, "-DFL_BORDER=" + std::to_string(static_cast<int>(border)));
  cl::Kernel kernel(program, "border_probe");
  cl::Buffer out(rt.context, CL_MEM_WRITE_ONLY, sizeof(int) * static_cast<std::size_t>(count));
  kernel.setArg(0, out);
  kernel.setArg(1, first);
  kernel.setArg(2, n);
  rt.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(static_cast<std::size_t>(count)));
  std::vector<int> got(static_cast<std::size_t>(count));
  rt.queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof(int) * got.size(), got.data());
  return got;
}

}  // namespace

// Straight against OpenCV (no oracle in between), a thousand periods out on both sides, where
// reflection has repeated many times: what no sampler addressing mode gives for REFLECT_101.
TEST_CASE("kernel border index equals cv::borderInterpolate a thousand periods outside", "[border][opencl]") {
  for (auto border : ref::kAllBorders) {
    for (int n : {1, 2, 3, 5, 10, 483}) {
      for (int centre : {-1000 * 2 * n, 1000 * 2 * n}) {
        const int first = centre - 2 * n - 3, count = 4 * n + 7;
        const auto got = kernel_indices(border, first, count, n);
        for (int k = 0; k < count; ++k) {
          CAPTURE(ref::border_name(border), n, first + k);
          REQUIRE(got[static_cast<std::size_t>(k)] == cv::borderInterpolate(first + k, n, static_cast<int>(border)));
        }
      }
    }
  }
}

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
