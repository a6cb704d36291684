// ImageCL's boundaries are OpenCV's five borders: a kernel with a wide, asymmetric 6x3 stencil,
// compiled at test time for each rule, on every memory path and transformation its space offers,
// at sizes smaller than the stencil and awkward ones, against an independent CPU sum whose indices
// come from the oracle's border_index (equal to cv::borderInterpolate, tests/reference/test_border.cpp).
#include <catch2/catch.hpp>

#include "compiler.hpp"
#include "config_helpers.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "opencl_fixture.hpp"
#include "reference/border.hpp"

using namespace filterlab;
using namespace filterlab::imagecl;

namespace {

std::string kernel(const std::string& rule) {
  return "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, " + rule +
         ")\n"
         "__kernel void b6x3(Image<uchar> in, Image<float> out) {\n  float sum = 0.0f;\n"
         "  for (int j = -1; j <= 1; j++)\n    for (int i = -3; i <= 2; i++)\n"
         "      sum += (float)((i + 4) * (j + 7)) * in[idx + i][idy + j];\n  out[idx][idy] = sum;\n}\n";
}

// Integer sums below 2^24: exact in float whatever the order.
ref::Image expected(const ref::Image& in, ref::Border b, float constant) {
  ref::Image out(in.width, in.height);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) {
      float sum = 0.0f;
      for (int j = -1; j <= 1; ++j)
        for (int i = -3; i <= 2; ++i) {
          const int bx = ref::border_index(x + i, in.width, b), by = ref::border_index(y + j, in.height, b);
          sum += static_cast<float>((i + 4) * (j + 7)) * (bx < 0 || by < 0 ? constant : in.at(bx, by));
        }
      out.at(x, y) = sum;
    }
  return out;
}

using filterlab::test::config_of;

}  // namespace

TEST_CASE("the five boundaries equal OpenCV's borders on every path", "[imagecl][opencl][borders]") {
  auto& rt = test::runtime();
  const std::vector<std::pair<std::string, ref::Border>> rules{{"constant, 9", ref::Border::Constant},
                                                               {"clamped", ref::Border::Replicate},
                                                               {"reflect101", ref::Border::Reflect101},
                                                               {"reflect", ref::Border::Reflect},
                                                               {"wrap", ref::Border::Wrap}};
  const std::vector<std::vector<std::pair<std::string, long>>> variants{
      {},
      {{"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 2}, {"coarsen_y", 2}},
      {{"wg_x", 8}, {"wg_y", 2}, {"interleaved", 1}, {"local_in", 1}},
      {{"wg_x", 8},
       {"wg_y", 2},
       {"coarsen_x", 2},
       {"interleaved", 1},
       {"local_in", 1},
       {"convert_in", 1},
       {"interior", 1}},
      {{"wg_x", 4}, {"wg_y", 4}, {"image_in", 1}, {"image_out", 1}},
      {{"wg_x", 4},
       {"wg_y", 2},
       {"coarsen_x", 4},
       {"coarsen_y", 2},
       {"window_in", 1},
       {"vector_in", 4},
       {"interior", 1}},
      {{"wg_x", 2},
       {"wg_y", 2},
       {"coarsen_x", 4},
       {"coarsen_y", 4},
       {"window_in", 1},
       {"slide_in", 1},
       {"interior", 1}}};
  for (const auto& [rule, border] : rules) {
    const auto r = compile("b6x3.icl", kernel(rule));
    INFO(rule << "\n" << r.diagnostics);
    REQUIRE(r.ok);
    const auto space = parse_space(r.space, r.opencl);
    CHECK(space.arg("in").boundary == (rule == "constant, 9" ? "constant" : rule));
    for (const auto& v : variants) {
      const auto c = config_of(space, v);
      INFO(config_id(space, c));
      REQUIRE(violation(space, c, rt.device.info).empty());
      for (const auto& [w, h] : {std::pair<int, int>{1, 1}, {2, 3}, {1, 29}, {29, 1}, {7, 5}, {37, 23}}) {
        const auto in = benchmark_input(w, h, static_cast<unsigned>(3 * w + h));
        const ref::Image blank(w, h);
        Launcher l(rt, space, c);
        l.bind({{"in", image_arg(in)}, {"out", image_arg(blank)}});
        l.enqueue();
        rt.queue.finish();
        INFO(w << "x" << h);
        CHECK(l.download("out").px == expected(in, border, 9.0f).px);
      }
    }
  }
}

TEST_CASE("an unknown boundary names the five", "[imagecl][borders]") {
  const auto r = compile("b.icl", kernel("mirror"));
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.diagnostics, Catch::Contains("unknown boundary 'mirror'") && Catch::Contains("boundary(in, reflect)") &&
                                Catch::Contains("boundary(in, wrap)") && Catch::Contains("boundary(in, reflect101)") &&
                                Catch::Contains("boundary(in, clamped)") &&
                                Catch::Contains("boundary(in, constant, 0)"));
}
