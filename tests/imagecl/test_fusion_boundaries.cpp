// Fusion must apply the consumer's boundary rule to the intermediate: a pipeline whose producer
// gives other values outside the image (3 * idx - idy) than the rule's, compiled at test time for
// each rule, against a CPU reference of the two stages. The benchmarks cannot show this: their
// intermediates' rules happen to agree with evaluating the producer outside (zero rows, and a
// Sobel dx of 0 at reflect101 edges that squares away).
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "compiler.hpp"
#include "config_helpers.hpp"
#include "error.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "opencl_fixture.hpp"
#include "reference/border.hpp"

using namespace filterlab;
using namespace filterlab::imagecl;

namespace {

const char* const kProducer =
    "#pragma imagecl grid(src)\n#pragma imagecl boundary(src, clamped)\n"
    "__kernel void prod(Image<float> src, Image<float> mid, float s) {\n"
    "  mid[idx][idy] = s * src[idx + 1][idy] + 3.0f * idx - idy;\n}\n";

// A producer with a 2-D, lopsided stencil on its input (for the fill's register window).
const char* const kProducer2D =
    "#pragma imagecl grid(src)\n#pragma imagecl boundary(src, clamped)\n"
    "__kernel void prod(Image<float> src, Image<float> mid, float s) {\n"
    "  mid[idx][idy] = s * src[idx + 1][idy] + src[idx - 2][idy + 2] - 2.0f * src[idx][idy - 1] + 3.0f * idx - idy;\n"
    "}\n";

std::string consumer(const std::string& rule) {
  return "#pragma imagecl grid(dst)\n#pragma imagecl boundary(mid, " + rule +
         ")\n"
         "__kernel void cons(Image<float> mid, Image<float> dst, float s) {\n  float sum = 0.0f;\n"
         "  for (int j = -1; j <= 2; j++)\n    for (int i = -2; i <= 1; i++)\n"
         "      sum += (float)((i + 3) * (j + 5)) * mid[idx + i][idy + j];\n  dst[idx][idy] = s * sum;\n}\n";
}

int reflect101(int i, int n) {
  if (n == 1) return 0;
  while (i < 0 || i >= n) {
    if (i < 0) i = -i;
    if (i >= n) i = 2 * n - 2 - i;
  }
  return i;
}

// The two stages on the CPU (all values integers or halves: exact in float).
// `two_d`: kProducer2D's stage in place of kProducer's.
ref::Image reference(const ref::Image& src, const std::string& rule, float s1, float s2, bool two_d = false) {
  const int w = src.width, h = src.height;
  ref::Image mid(w, h), dst(w, h);
  const auto in = [&](int x, int y) { return src.at(std::clamp(x, 0, w - 1), std::clamp(y, 0, h - 1)); };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      mid.at(x, y) = s1 * in(x + 1, y) + (two_d ? in(x - 2, y + 2) - 2.0f * in(x, y - 1) : 0.0f) +
                     3.0f * static_cast<float>(x) - static_cast<float>(y);
  const auto m = [&](int x, int y) {
    if (rule == "constant, 7") return x < 0 || x >= w || y < 0 || y >= h ? 7.0f : mid.at(x, y);
    if (rule == "clamped") return mid.at(std::clamp(x, 0, w - 1), std::clamp(y, 0, h - 1));
    if (rule == "reflect")
      return mid.at(ref::border_index(x, w, ref::Border::Reflect), ref::border_index(y, h, ref::Border::Reflect));
    if (rule == "wrap")
      return mid.at(ref::border_index(x, w, ref::Border::Wrap), ref::border_index(y, h, ref::Border::Wrap));
    return mid.at(reflect101(x, w), reflect101(y, h));
  };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float sum = 0.0f;
      for (int j = -1; j <= 2; ++j)
        for (int i = -2; i <= 1; ++i) sum += static_cast<float>((i + 3) * (j + 5)) * m(x + i, y + j);
      dst.at(x, y) = s2 * sum;
    }
  return dst;
}

KernelSpace fused_space(const std::string& rule, const char* producer = kProducer) {
  // One directory per process: ctest runs this file's test cases side by side.
  const auto dir = std::filesystem::temp_directory_path() / ("filterlab_fusion_rules_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "prod.icl") << producer;
  std::ofstream(dir / "cons.icl") << consumer(rule);
  const std::string text = "#pragma imagecl pipeline(fz, prod.icl, cons.icl)\n";
  const auto r = compile((dir / "fz.icl").string(), text);
  std::filesystem::remove_all(dir);
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  return parse_space(r.space, r.opencl);
}

using filterlab::test::config_of;

}  // namespace

TEST_CASE("a fused kernel applies the consumer's boundary rule to the intermediate", "[imagecl][opencl][fusion]") {
  auto& rt = test::runtime();
  for (const std::string rule : {"constant, 7", "clamped", "reflect101", "reflect", "wrap"}) {
    const auto space = fused_space(rule);
    for (const char* p : {"interior", "exact", "private_tile"}) {
      INFO(p);
      CHECK(std::any_of(space.params.begin(), space.params.end(), [&](const SpaceParam& q) { return q.name == p; }));
    }
    const std::vector<Config> configs = {
        config_of(space, {}),
        config_of(
            space,
            {{"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 2}, {"coarsen_y", 4}, {"unroll_cons_0", 4}, {"unroll_cons_1", 4}}),
        config_of(space, {{"wg_x", 8},
                          {"wg_y", 8},
                          {"coarsen_x", 4},
                          {"interleaved", 1},
                          {"image_prod_src", 1},
                          {"image_cons_dst", 1}}),
        config_of(space, {{"wg_x", 16}, {"wg_y", 1}, {"coarsen_y", 2}, {"interleaved", 1}, {"unroll_cons_1", 2}}),
        // The interior split: interior groups fill the tile unchecked, the border groups as above.
        config_of(space, {{"wg_x", 4}, {"wg_y", 2}, {"interior", 1}}),
        config_of(
            space,
            {{"wg_x", 8}, {"wg_y", 4}, {"coarsen_x", 2}, {"interleaved", 1}, {"interior", 1}, {"image_prod_src", 1}}),
        config_of(space, {{"wg_x", 4}, {"wg_y", 4}, {"coarsen_y", 2}, {"interior", 1}, {"exact", 1}}),
        // Register fusion: each work-item's tile in private memory, the halo computed again per work-item.
        config_of(space, {{"wg_x", 4}, {"wg_y", 2}, {"private_tile", 1}}),
        config_of(
            space,
            {{"wg_x", 2}, {"wg_y", 4}, {"coarsen_x", 2}, {"coarsen_y", 4}, {"private_tile", 1}, {"unroll_cons_0", 4}}),
        config_of(space, {{"wg_x", 8},
                          {"wg_y", 2},
                          {"coarsen_x", 4},
                          {"coarsen_y", 2},
                          {"interior", 1},
                          {"private_tile", 1},
                          {"image_prod_src", 1}})};
    for (const auto& c : configs) {
      if (!violation(space, c, rt.device.info).empty()) continue;
      for (const auto& [w, h] : {std::pair<int, int>{1, 1}, {2, 3}, {1, 29}, {29, 1}, {3, 3}, {37, 23}, {97, 61}}) {
        const auto src = benchmark_input(w, h, static_cast<unsigned>(w + 100 * h));
        const ref::Image blank(w, h);
        Launcher l(rt, space, c);
        l.bind({{"prod_src", image_arg(src)},
                {"prod_s", scalar_arg(2.0)},
                {"cons_dst", image_arg(blank)},
                {"cons_s", scalar_arg(0.5)}});
        l.enqueue();
        rt.queue.finish();
        const auto got = l.download("cons_dst");
        const auto want = reference(src, rule, 2.0f, 0.5f);
        INFO(rule << " " << w << "x" << h << " " << l.id());
        CHECK(got.px == want.px);
      }
    }
  }
}

TEST_CASE("the fill's register window keeps every boundary rule", "[imagecl][opencl][fusion]") {
  auto& rt = test::runtime();
  for (const bool two_d : {false, true})
    for (const std::string rule : {"constant, 7", "clamped", "reflect101", "reflect", "wrap"}) {
      const auto space = fused_space(rule, two_d ? kProducer2D : kProducer);
      REQUIRE(!space.fill_window.define.empty());
      REQUIRE(space.fill_window.opencl.find("ICL_FILL_WINDOW") != std::string::npos);
      CHECK(space.opencl.find("ICL_FILL_WINDOW") == std::string::npos);  // the kernel's own source has no trace
      const std::vector<std::pair<std::string, long>> on{{"private_tile", 1}, {"interior", 1}, {"fill_window", 1}};
      const auto with = [&](std::vector<std::pair<std::string, long>> v) {
        v.insert(v.end(), on.begin(), on.end());
        return config_of(space, v);
      };
      // Blocks of one pixel, 2-D, a row, a column; the input in image memory; unrolled consumer.
      const std::vector<Config> configs = {
          with({{"wg_x", 4}, {"wg_y", 2}}),
          with({{"wg_x", 2}, {"wg_y", 4}, {"coarsen_x", 2}, {"coarsen_y", 4}, {"unroll_cons_0", 4}}),
          with({{"wg_x", 4}, {"wg_y", 4}, {"coarsen_x", 4}, {"image_prod_src", 1}}),
          with({{"wg_x", 8}, {"wg_y", 1}, {"coarsen_y", 8}, {"unroll_cons_1", 4}})};
      // Without the split or register fusion the switch is refused.
      CHECK(!violation(space, config_of(space, {{"private_tile", 1}, {"fill_window", 1}}), rt.device.info).empty());
      CHECK(!violation(space, config_of(space, {{"interior", 1}, {"fill_window", 1}}), rt.device.info).empty());
      int ran = 0;
      for (const auto& c : configs) {
        if (!violation(space, c, rt.device.info).empty()) continue;
        for (const auto& [w, h] : {std::pair<int, int>{1, 1}, {2, 3}, {1, 29}, {29, 1}, {3, 3}, {37, 23}, {97, 61}}) {
          const auto src = benchmark_input(w, h, static_cast<unsigned>(w + 100 * h));
          const ref::Image blank(w, h);
          Launcher l(rt, space, c);
          CHECK(l.source().text.find("icl_win_prod_src") != std::string::npos);  // built with the window
          l.bind({{"prod_src", image_arg(src)},
                  {"prod_s", scalar_arg(2.0)},
                  {"cons_dst", image_arg(blank)},
                  {"cons_s", scalar_arg(0.5)}});
          l.enqueue();
          rt.queue.finish();
          const auto got = l.download("cons_dst");
          const auto want = reference(src, rule, 2.0f, 0.5f, two_d);
          INFO(rule << (two_d ? " 2-D" : "") << " " << w << "x" << h << " " << l.id());
          CHECK(got.px == want.px);
          ++ran;
        }
      }
      CHECK(ran == 7 * static_cast<int>(configs.size()));
    }
}
