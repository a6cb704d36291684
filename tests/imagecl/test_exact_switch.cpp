// The FP-contraction switch `exact`: with exact 1 every float operation is rounded, as in the CPU
// reference (-ffp-contract=off); with exact 0 (OpenCL's default, FP_CONTRACT ON) the device
// compiler may fuse a * b + c into one fma. The probe x * x - x * x is 0 when both products are
// rounded, and the rounding error of x * x (|e| <= u x^2, tol::contracted_product_bound) when the
// compiler fuses one of them: on non-integer x the two modes then differ.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "compiler.hpp"
#include "imagecl/launcher.hpp"
#include "opencl_fixture.hpp"
#include "reference/tolerances.hpp"

using namespace filterlab;
using namespace filterlab::imagecl;

namespace {

const char* const kProbe =
    "#pragma imagecl grid(out)\n"
    "__kernel void contraction_probe(Image<float> in, Image<float> out) {\n"
    "  const float x = in[idx][idy] / 7.0f;\n"
    "  out[idx][idy] = x * x - x * x;\n}\n";

Config with_exact(const KernelSpace& s, long exact) {
  Config c;
  for (const auto& p : s.params) c.push_back(p.name == "exact" ? exact : p.name == "wg_x" ? 16 : p.values.front());
  return c;
}

}  // namespace

TEST_CASE("exact 1 rounds every float operation, and exact 0 stays within the contraction bound",
          "[imagecl][opencl][exact]") {
  const auto r = compile("contraction_probe.icl", kProbe);
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  // The generated source switches contraction off under ICL_EXACT only (OpenCL's default otherwise).
  REQUIRE(r.opencl.find("#if ICL_EXACT\n#pragma OPENCL FP_CONTRACT OFF\n#endif") != std::string::npos);
  const auto space = parse_space(r.space, r.opencl);
  REQUIRE(std::any_of(space.params.begin(), space.params.end(),
                      [](const filterlab::imagecl::SpaceParam& p) { return p.name == "exact"; }));

  auto& rt = test::runtime();
  const int w = 61, h = 17;
  ref::Image in(w, h), blank(w, h);
  for (std::size_t i = 0; i < in.size(); ++i) in.px[i] = static_cast<float>(1 + (i * 2654435761u) % 1000);
  std::size_t fused = 0;
  for (const long exact : {1L, 0L}) {
    Launcher l(rt, space, with_exact(space, exact));
    l.bind({{"in", image_arg(in)}, {"out", image_arg(blank)}});
    l.enqueue();
    rt.queue.finish();
    const auto got = l.download("out");
    for (std::size_t i = 0; i < in.size(); ++i) {
      const float x = in.px[i] / 7.0f;
      INFO(l.id() << " pixel " << i << " x " << x);
      if (exact == 1) {
        REQUIRE(got.px[i] == 0.0f);  // both products rounded: they cancel exactly
      } else {
        REQUIRE(std::fabs(got.px[i]) <= tol::contracted_product_bound(x, x));
        fused += got.px[i] != 0.0f;
      }
    }
  }
  // Whether this device's compiler fused under exact 0 (it may; nothing requires it).
  WARN(rt.device.info.name << ": exact 0 gave a non-zero x * x - x * x at " << fused << " of " << in.size()
                           << " pixels");
}
