// A program using the host code `filterlab imagecl compile` generated for ../box_blur.icl (kernel
// `blur`): one call picks the configuration (the tuned one for the device when the tuning database
// has it, else the default), builds, uploads, launches and downloads. The program then compares
// the result with the box blur written out here as a plain loop.
//   usage: imagecl_host_example [device pattern]
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>

#include "box_blur_host.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

int main(int argc, char** argv) {
  try {
    const auto devices = filterlab::ocl::select_devices(argc > 1 ? argv[1] : "");
    filterlab::ocl::Runtime rt(devices.front());
    filterlab::ref::Image in(61, 47);  // odd sides: partial work-groups at the edges
    for (int y = 0; y < in.height; ++y)
      for (int x = 0; x < in.width; ++x) in.at(x, y) = static_cast<float>((x * 7 + y * 13) % 256);
    filterlab::ref::Image out;  // empty: takes the input's size
    const std::string used = filterlab_icl::blur::run(rt, in, out);
    std::printf("ran blur on %s: %s\n", rt.device.info.name.c_str(), used.c_str());

    // The kernel's meaning: the mean of the 3x3 neighbourhood, 0 outside the image.
    double worst = 0.0;
    for (int y = 0; y < in.height; ++y)
      for (int x = 0; x < in.width; ++x) {
        float sum = 0.0f;
        for (int i = -1; i < 2; i++)
          for (int j = -1; j < 2; j++) {
            const int xx = x + i, yy = y + j;
            sum += xx >= 0 && xx < in.width && yy >= 0 && yy < in.height ? in.at(xx, yy) : 0.0f;
          }
        worst = std::fmax(worst, std::fabs(static_cast<double>(sum / 9.0f) - out.at(x, y)));
      }
    // Integer sums are exact in float; only the division rounds (the same on both sides).
    std::printf("%dx%d output, max |device - loop| = %g\n", out.width, out.height, worst);
    return out.width == in.width && out.height == in.height && worst == 0.0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "imagecl_host_example: %s\n", e.what());
    return 1;
  }
}
