// Fusion must apply the consumer's boundary rule to the intermediate: a pipeline whose producer
// gives other values outside the image (3 * idx - idy) than the rule's, compiled at test time for
// each rule, against a CPU reference of the two stages. The benchmarks cannot show this: their
// intermediates' rules happen to agree with evaluating the producer outside (zero rows, and a
// Sobel dx of 0 at reflect101 edges that squares away).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

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
ref::Image reference(const ref::Image& src, const std::string& rule, float s1, float s2) {
  const int w = src.width, h = src.height;
  ref::Image mid(w, h), dst(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      mid.at(x, y) = s1 * src.at(std::min(x + 1, w - 1), y) + 3.0f * static_cast<float>(x) - static_cast<float>(y);
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

KernelSpace fused_space(const std::string& rule) {
  const auto dir = std::filesystem::temp_directory_path() / "filterlab_fusion_rules";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "prod.icl") << kProducer;
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
