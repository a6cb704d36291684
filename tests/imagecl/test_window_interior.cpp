// The interior/border split (ICL_INTERIOR), register windows (ICL_WINDOW_<img>) and their vector
// loads (ICL_VECTOR_<img>) on the five benchmark kernels against the oracle, at sizes where the
// vector path runs (widths a multiple of 16) and at awkward ones (1xN, Nx1, odd, smaller than the
// stencil); plus mutations of the generated code that the comparison must catch, which prove that
// each new path is the one that ran.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "compile_helpers.hpp"
#include "compiler.hpp"
#include "config_values.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "mutate_sources.hpp"
#include "mutated_run.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab::imagecl;

namespace {

using filterlab::test::with;

Config base_config(const KernelSpace& s) {
  return with(s, filterlab::test::first_values(s), {{"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 16}, {"coarsen_y", 2}});
}

// The new switches alone and with the old ones, every window Image alike.
std::vector<std::map<std::string, long>> variants(const KernelSpace& s) {
  std::vector<std::map<std::string, long>> out;
  const auto windows = [&](long on, long n) {
    std::map<std::string, long> m;
    for (const auto& w : s.window) m["window_" + w.image] = on, m["vector_" + w.image] = n;
    return m;
  };
  const auto merge = [](std::map<std::string, long> a, const std::map<std::string, long>& b) {
    a.insert(b.begin(), b.end());
    return a;
  };
  out.push_back({{"interior", 1}});
  for (long n : {1L, 4L, 8L, 16L}) {
    out.push_back(windows(1, n));
    out.push_back(merge(windows(1, n), {{"interior", 1}}));
  }
  out.push_back(merge(windows(1, 4), {{"interior", 1}, {"coarsen_x", 4}, {"coarsen_y", 1}, {"wg_x", 8}, {"wg_y", 1}}));
  // Sliding rows (where a window spans several rows): a ring of halo_y + 1 rows.
  std::map<std::string, long> slides;
  for (const auto& w : s.window)
    if (!w.slide_define.empty()) slides["slide_" + w.image] = 1;
  if (!slides.empty()) {
    out.push_back(merge(windows(1, 1), slides));
    out.push_back(merge(merge(windows(1, 16), slides), {{"interior", 1}, {"coarsen_y", 4}}));
    out.push_back(merge(merge(windows(1, 4), slides), {{"coarsen_x", 4}, {"coarsen_y", 8}, {"wg_x", 8}, {"wg_y", 1}}));
  }
  // Vector stores of the written grid Image, alone and with windows and the interior split.
  const auto stores = [&](long n) {
    std::map<std::string, long> m;
    for (const auto& v : s.vector_store) m["vector_" + v.image] = n;
    return m;
  };
  for (long n : {4L, 8L, 16L}) {
    out.push_back(stores(n));
    out.push_back(merge(merge(windows(1, n), stores(n)), {{"interior", 1}}));
  }
  out.push_back(merge(stores(4), {{"interior", 1}, {"coarsen_x", 4}, {"coarsen_y", 1}, {"wg_x", 8}, {"wg_y", 1}}));
  std::map<std::string, long> local{{"interior", 1}, {"interleaved", 1}}, image{{"interior", 1}};
  for (const auto& l : s.local) local["local_" + l.image] = 1;
  for (const auto& a : s.args)
    if (!a.image_define.empty() && a.access == "read") image["image_" + a.name] = 1;
  out.push_back(local);
  out.push_back(image);
  // Convert while staging (a local tile of floats), with either mapping and the interior split.
  std::map<std::string, long> converts;
  for (const auto& l : s.local)
    if (!l.convert_define.empty()) converts["local_" + l.image] = 1, converts["convert_" + l.image] = 1;
  if (!converts.empty()) {
    out.push_back(merge(converts, {{"interleaved", 1}}));
    out.push_back(merge(converts, {{"interleaved", 0}, {"interior", 1}}));
    out.push_back(
        merge(converts,
              {{"interleaved", 1}, {"interior", 1}, {"coarsen_x", 2}, {"coarsen_y", 4}, {"wg_x", 16}, {"wg_y", 2}}));
  }
  return out;
}

}  // namespace

TEST_CASE("interior split, register windows, vector loads and stores compute the benchmarks' oracle at any size",
          "[imagecl][opencl][xform]") {
  auto& rt = filterlab::test::runtime();
  const std::vector<std::pair<int, int>> sizes{{128, 40}, {64, 21}, {1, 37}, {37, 1}, {2, 3}, {33, 17}, {160, 5}};
  for (const auto* name : {"sepconv", "conv2d_u8", "harris"}) {
    const auto& b = benchmark(name);
    const auto& first = kernel_space(b.kernels.front());
    REQUIRE(!first.window.empty());
    for (std::size_t v = 0; v < variants(first).size(); ++v) {
      std::vector<Config> configs;
      for (const auto& k : b.kernels) {
        const auto& s = kernel_space(k);
        configs.push_back(with(s, base_config(s), variants(s).at(v)));
        INFO(config_id(s, configs.back()));
        REQUIRE(violation(s, configs.back(), rt.device.info).empty());
      }
      for (const auto& [w, h] : sizes) {
        const auto input = benchmark_input(w, h, 3);
        const auto o = check_benchmark(rt, b, configs, input);
        INFO(w << "x" << h << " " << o.ids.front() << (o.ids.size() > 1 ? " + " + o.ids.back() : std::string()) << ": "
               << o.where);
        CHECK(o.max_diff <= o.tolerance);
      }
    }
  }
}

namespace {

// conv2d_u8 with its generated OpenCL changed by `from` -> `to` (every occurrence; one must
// exist), on a 256 x 48 image (interior groups exist: the base block is 64 x 4): the largest difference from the oracle
// (0 = exact).
double mutated_conv2d(const std::map<std::string, long>& values, const std::string& from, const std::string& to) {
  auto s = kernel_space("conv2d_u8");
  REQUIRE(filterlab::test::mutate_programs(s, from, to) > 0);
  return filterlab::test::max_diff_256x48(s, with(s, base_config(s), values), "conv2d_u8", "out");
}

}  // namespace

TEST_CASE("the generated conv2d_u8 holds the window, its vector loads and the interior copy", "[imagecl][xform]") {
  const auto& s = kernel_space("conv2d_u8");
  CHECK(s.opencl.find("#define ICL_RD_in(x, y) ICL_WIN_AT_in(x, y)") != std::string::npos);
  CHECK(s.opencl.find("#define ICL_WIN_AT_in(x, y) icl_win_in[(y) - icl_wy0_in][(x) - icl_wa_in]") !=
        std::string::npos);
  // Sliding rows: a ring of halo_y + 1 = 5 rows, slot (y - wy0) % 5.
  CHECK(s.opencl.find("#define ICL_WSLOTS_in 5\n#define ICL_WIN_AT_in(x, y) icl_win_in[((y) - icl_wy0_in) % "
                      "ICL_WSLOTS_in][(x) - icl_wa_in]") != std::string::npos);
  // 16 pixels of 8 bits: one 16-byte load, split by shifts into the window row.
  // Every read of in is converted to float at once: the window holds floats, converted at load.
  CHECK(s.opencl.find(
            "#define ICL_VLOAD_in(ROW, AT, P) { const uint4 icl_vw = *(__global const uint4*)(P); (ROW)[(AT) + 0] = "
            "ICL_U2F((icl_vw.s0) & 0xFFu); (ROW)[(AT) + 1] = ICL_U2F((icl_vw.s0 >> 8) & 0xFFu);") != std::string::npos);
  CHECK(s.opencl.find("  float icl_win_in[ICL_WSLOTS_in][ICL_WROW_in];") != std::string::npos);
  CHECK(s.opencl.find(
            "ICL_VLOAD_in(icl_win_in[icl_r], icl_v * ICL_VECTOR_in, in + (size_t)(icl_wy0_in + icl_r) * (size_t)in_w + "
            "(size_t)(icl_wa_in + icl_v * ICL_VECTOR_in));") != std::string::npos);
  // Convert while staging: the tile's type and the staging store follow ICL_CONVERT_in.
  CHECK(s.opencl.find("#if ICL_CONVERT_in\n#define ICL_TILE_T_in float\n#define ICL_STAGE_in(V) ICL_U2F(V)\n#else\n"
                      "#define ICL_TILE_T_in uchar\n#define ICL_STAGE_in(V) (V)\n#endif\n") != std::string::npos);
  CHECK(s.opencl.find("  __local ICL_TILE_T_in icl_tile_in[ICL_TW_in * ICL_TH_in];") != std::string::npos);
  CHECK(s.opencl.find("icl_tile_in[icl_t] = ICL_STAGE_in(icl_get_in(in, in_w, in_h, ") != std::string::npos);
  CHECK(s.opencl.find("#define ICL_CHECKED 0") != std::string::npos);
  CHECK(s.opencl.find("(ICL_CHECKED ? icl_put_out(") != std::string::npos);
  REQUIRE(s.window.size() == 1);
  CHECK(s.window[0].min_x == -2);
  CHECK(s.window[0].halo_x == 4);
  CHECK(s.window[0].halo_y == 4);
}

TEST_CASE("mutations of the window, vector and interior paths are caught (those paths ran)",
          "[imagecl][opencl][xform]") {
  // Unmutated (a no-op replacement): exact.
  CHECK(mutated_conv2d({{"window_in", 1}, {"vector_in", 16}, {"interior", 1}}, "icl_win_in[(y)", "icl_win_in[(y)") ==
        0.0);
  // The window read one column off.
  CHECK(mutated_conv2d({{"window_in", 1}}, "icl_win_in[(y) - icl_wy0_in][(x) - icl_wa_in]",
                       "icl_win_in[(y) - icl_wy0_in][(x) - icl_wa_in + 1]") > 0.0);
  // The vector loads all from the window's first row: they run on a width that is a multiple of 16.
  CHECK(mutated_conv2d({{"window_in", 1}, {"vector_in", 16}}, "in + (size_t)(icl_wy0_in + icl_r)",
                       "in + (size_t)(icl_wy0_in + 0)") > 0.0);
  // The shifts of the split one byte off.
  CHECK(mutated_conv2d({{"window_in", 1}, {"vector_in", 16}}, "(ROW)[(AT) + 1] = ICL_U2F((icl_vw.s0 >> 8) & 0xFFu)",
                       "(ROW)[(AT) + 1] = ICL_U2F((icl_vw.s0 >> 16) & 0xFFu)") > 0.0);
  // Sliding rows: the row loaded before each output row one row early: caught.
  CHECK(mutated_conv2d({{"window_in", 1}, {"slide_in", 1}, {"coarsen_y", 4}}, "(icl_j + 4)", "(icl_j + 3)") > 0.0);
  CHECK(mutated_conv2d({{"window_in", 1}, {"slide_in", 1}, {"vector_in", 16}, {"coarsen_y", 4}}, "(icl_j + 4)",
                       "(icl_j + 3)") > 0.0);
  // ... and with the rows not sliding that load is never used.
  CHECK(mutated_conv2d({{"window_in", 1}, {"slide_in", 0}, {"coarsen_y", 4}}, "(icl_j + 4)", "(icl_j + 3)") == 0.0);
  // The float trick's offset one off (a window of floats converted wrongly): caught.
  CHECK(mutated_conv2d({{"window_in", 1}}, "- 8388608.0f)", "- 8388607.0f)") > 0.0);
  // Convert while staging: the staged conversion one off is caught, and unused with a tile of pixels.
  CHECK(mutated_conv2d({{"local_in", 1}, {"convert_in", 1}, {"interleaved", 1}}, "#define ICL_STAGE_in(V) ICL_U2F(V)",
                       "#define ICL_STAGE_in(V) (ICL_U2F(V) + 1.0f)") > 0.0);
  CHECK(mutated_conv2d({{"local_in", 1}, {"convert_in", 0}, {"interleaved", 1}}, "#define ICL_STAGE_in(V) ICL_U2F(V)",
                       "#define ICL_STAGE_in(V) (ICL_U2F(V) + 1.0f)") == 0.0);
  // The unchecked loads of interior groups one column off.
  CHECK(mutated_conv2d({{"interior", 1}}, "ICL_LOAD_in(in, in_w, (x), (y))", "ICL_LOAD_in(in, in_w, (x) + 1, (y))") >
        0.0);
  // ... and without the split the same mutation is never used.
  CHECK(mutated_conv2d({{"interior", 0}}, "ICL_LOAD_in(in, in_w, (x), (y))", "ICL_LOAD_in(in, in_w, (x) + 1, (y))") ==
        0.0);
  // The row split's unchecked middle loads one column off: caught with the split (the middle ran
  // in border work-groups), never used without it.
  CHECK(mutated_conv2d({{"row_split", 1}}, "ICL_LOAD_in(in, in_w, (x), (y))", "ICL_LOAD_in(in, in_w, (x) + 1, (y))") >
        0.0);
  CHECK(mutated_conv2d({{"row_split", 1}, {"interior", 1}}, "ICL_LOAD_in(in, in_w, (x), (y))",
                       "ICL_LOAD_in(in, in_w, (x) + 1, (y))") > 0.0);
  // The row's vector stores in reverse order (inside the work-item's own row: a mutation must not
  // write outside the buffer, which is host memory on PoCL): caught ...
  CHECK(mutated_conv2d({{"vector_out", 4}, {"interior", 1}}, "(size_t)(icl_x0 + icl_v * ICL_VECTOR_out)",
                       "(size_t)(icl_x0 + (ICL_CX / ICL_VECTOR_out - 1 - icl_v) * ICL_VECTOR_out)") > 0.0);
  // ... the row buffer's slots swapped in the packing: caught ...
  CHECK(mutated_conv2d({{"vector_out", 4}}, "((uint)(uchar)(ROW)[(AT) + 1] << 8)",
                       "((uint)(uchar)(ROW)[(AT) + 2] << 8)") > 0.0);
  // ... and with vector stores off the buffer's macro is never used.
  CHECK(mutated_conv2d({{"vector_out", 1}}, "icl_row_out[icl_i] = (uchar)(v)", "icl_row_out[icl_i] = (uchar)(v + 1)") ==
        0.0);
}

TEST_CASE("the row interior split computes the benchmarks' oracle at any size and row segment",
          "[imagecl][opencl][xform]") {
  auto& rt = filterlab::test::runtime();
  const std::vector<std::pair<int, int>> sizes{{128, 40}, {64, 21}, {1, 37}, {37, 1}, {2, 3}, {33, 17}, {300, 9}};
  // Row segments of one pixel, of 16 and of 64 (longer than some images), blocks of one and two rows,
  // with and without the work-group interior split.
  const std::vector<std::map<std::string, long>> shapes{
      {{"wg_x", 8}, {"wg_y", 2}, {"coarsen_x", 1}, {"coarsen_y", 1}},
      {{"wg_x", 4}, {"wg_y", 2}, {"coarsen_x", 16}, {"coarsen_y", 2}},
      {{"wg_x", 1}, {"wg_y", 1}, {"coarsen_x", 64}, {"coarsen_y", 2}}};
  for (const auto* name : {"sepconv", "conv2d_u8", "harris"}) {
    const auto& b = benchmark(name);
    for (const auto& shape : shapes)
      for (long interior : {0L, 1L}) {
        std::vector<Config> configs;
        for (const auto& k : b.kernels) {
          const auto& s = kernel_space(k);
          REQUIRE(!s.row_split.define.empty());
          auto values = shape;
          values["row_split"] = 1;
          values["interior"] = interior;
          configs.push_back(with(s, base_config(s), values));
          INFO(config_id(s, configs.back()));
          REQUIRE(uses_row_split(s, configs.back()));
          REQUIRE(violation(s, configs.back(), rt.device.info).empty());
        }
        for (const auto& [w, h] : sizes) {
          const auto input = benchmark_input(w, h, 5);
          const auto o = check_benchmark(rt, b, configs, input);
          INFO(w << "x" << h << " " << o.ids.front() << ": " << o.where);
          CHECK(o.max_diff <= o.tolerance);
        }
      }
  }
}

TEST_CASE("the row split: its own source, left out of IDs and options when off, blocked mapping only",
          "[imagecl][xform]") {
  const auto& s = kernel_space("conv2d_u8");
  REQUIRE(s.row_split.opencl.find("#if ICL_ROW_SPLIT") != std::string::npos);
  CHECK(s.opencl.find("ICL_ROW_SPLIT") == std::string::npos);  // the kernel's own program is unchanged
  const auto off = base_config(s), on = with(s, off, {{"row_split", 1}});
  CHECK(config_id(s, off).find("row_split") == std::string::npos);
  CHECK(build_options(s, off).find("ICL_ROW_SPLIT") == std::string::npos);
  CHECK(config_id(s, on).find("/row_split1") != std::string::npos);
  CHECK(build_options(s, on).find("-DICL_ROW_SPLIT=1") != std::string::npos);
  CHECK(parse_config_id(s, config_id(s, on)) == on);
  CHECK(program_file(s, on) == "imagecl/conv2d_u8.rows.cl");
  CHECK(program_text(s, on) == s.row_split.opencl);
  filterlab::ocl::DeviceInfo dev;
  dev.max_work_group_size = 1024;
  dev.local_mem_bytes = 1 << 16;
  dev.constant_mem_bytes = 1 << 16;
  CHECK(violation(s, with(s, on, {{"interleaved", 1}}), dev).find("row_split 1 needs interleaved 0") !=
        std::string::npos);
}

TEST_CASE("the space's constraints on interior, window and vector", "[imagecl][xform]") {
  const auto& s = kernel_space("conv2d_u8");
  filterlab::ocl::DeviceInfo dev;
  dev.max_work_group_size = 1024, dev.local_mem_bytes = 65536, dev.constant_mem_bytes = 65536, dev.image_support = true;
  const auto c = base_config(s);
  CHECK(violation(s, c, dev).empty());
  CHECK(violation(s, with(s, c, {{"interior", 1}, {"interleaved", 1}}), dev).find("interior 1 needs interleaved 0") !=
        std::string::npos);
  CHECK(violation(s, with(s, c, {{"interior", 1}, {"interleaved", 1}, {"local_in", 1}}), dev).empty());
  CHECK(violation(s, with(s, c, {{"vector_in", 4}}), dev).find("needs window_in 1") != std::string::npos);
  CHECK(violation(s, with(s, c, {{"slide_in", 1}}), dev).find("slide_in 1 needs window_in 1") != std::string::npos);
  CHECK(violation(s, with(s, c, {{"convert_in", 1}}), dev).find("convert_in 1 needs local_in 1") != std::string::npos);
  CHECK(violation(s, with(s, c, {{"convert_in", 1}, {"local_in", 1}, {"interleaved", 1}}), dev).empty());
  // A tile of floats takes four bytes a pixel: (4 * 16 + 4) x (2 * 2 + 4) pixels.
  CHECK(local_bytes(s, with(s, c, {{"local_in", 1}})) == 68 * 8);
  CHECK(local_bytes(s, with(s, c, {{"local_in", 1}, {"convert_in", 1}})) == 68 * 8 * 4);
  CHECK(window_elements(s, with(s, c, {{"window_in", 1}, {"slide_in", 1}, {"vector_in", 16}, {"coarsen_y", 8}}),
                        s.window[0]) == 5 * 48);
  CHECK(violation(s, with(s, c, {{"window_in", 1}, {"interleaved", 1}}), dev).find("interleaved 0") !=
        std::string::npos);
  CHECK(violation(s, with(s, c, {{"window_in", 1}, {"local_in", 1}}), dev).find("exclude") != std::string::npos);
  CHECK(violation(s, with(s, c, {{"window_in", 1}, {"image_in", 1}}), dev).find("exclude") != std::string::npos);
  CHECK(violation(s, with(s, c, {{"window_in", 1}, {"vector_in", 16}, {"coarsen_x", 8}}), dev).find("multiple of 16") !=
        std::string::npos);
  REQUIRE(s.vector_store.size() == 1);
  CHECK(violation(s, with(s, c, {{"vector_out", 16}}), dev).empty());  // vector stores need no window
  CHECK(violation(s, with(s, c, {{"vector_out", 16}, {"coarsen_x", 8}}), dev).find("multiple of 16") !=
        std::string::npos);
  CHECK(violation(s, with(s, c, {{"vector_out", 4}, {"interleaved", 1}}), dev).find("interleaved 0") !=
        std::string::npos);
  CHECK(violation(s, with(s, c, {{"vector_out", 4}, {"image_out", 1}}), dev).find("exclude") != std::string::npos);
  // 16 + 4 columns from offset 14 pad to 48; 8 + 4 rows: 576 elements, fine; coarsen_y 8 with wider rows is too much.
  CHECK(window_elements(s, with(s, c, {{"window_in", 1}, {"vector_in", 16}, {"coarsen_y", 8}}), s.window[0]) ==
        12 * 48);
  const auto ids = config_id(s, with(s, c, {{"window_in", 1}, {"vector_in", 8}, {"interior", 1}}));
  CHECK(ids.find("/interior1/window_in1/vector_in8") != std::string::npos);
  CHECK(parse_config_id(s, ids) == with(s, c, {{"window_in", 1}, {"vector_in", 8}, {"interior", 1}}));
  CHECK_THROWS(parse_config_id(s, ids + "/x"));
  CHECK_THROWS(parse_config_id(s, ids.substr(0, ids.size() - 1) + "3"));
  // Switched off, the new pieces are left out: IDs from before them (tuning databases, caches) stay valid.
  const std::string old =
      "imagecl.conv2d_u8/wg4x2/c16x2/il0/image_in0/image_out0/constant_k0/local_in0/unroll_0x1/unroll_1x1";
  CHECK(config_id(s, c) == old);
  CHECK(parse_config_id(s, old) == c);
  CHECK(parse_config_id(s, old + "/interior0/window_in0/vector_in1") == c);  // spelled out: the same point
  CHECK(parse_config_id(s, old + "/vector_in8") == with(s, c, {{"vector_in", 8}}));
  CHECK(parse_config_id(s, old + "/vector_in8/vector_out4") == with(s, c, {{"vector_in", 8}, {"vector_out", 4}}));
  CHECK_THROWS(parse_config_id(s, old + "/vector_in8/interior1"));  // out of order
  CHECK_THROWS(
      parse_config_id(s, "imagecl.conv2d_u8/wg4x2/c16x2/il0/image_in0/image_out0/constant_k0/local_in0/unroll_0x1"));
}

namespace {

// weights5_lit (tests/imagecl/corpus) on a 61 x 23 image with `k` passed, against the CPU
// correlation with the pragma's weights (integer sums: exact); `from` -> `to` mutates the source.
double weights5(const std::map<std::string, long>& values, std::vector<double> k, const std::string& from = "",
                const std::string& to = "") {
  const auto r = filterlab::test::compile_file("tests/imagecl/corpus/weights5_lit.icl");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  std::string opencl = r.opencl;
  if (!from.empty()) {
    REQUIRE(opencl.find(from) != std::string::npos);
    opencl.replace(opencl.find(from), from.size(), to);
  }
  const auto s = parse_space(r.space, opencl);
  auto& rt = filterlab::test::runtime();
  const auto c = with(s, base_config(s), values);
  REQUIRE(violation(s, c, rt.device.info).empty());
  const auto in = benchmark_input(61, 23, 8);
  const std::vector<double> w{0, 0, -1, 0, 0, 0, -1, -2, -1, 0, -1, -2, 20, -2, -1, 0, -1, -2, -1, 0, 0, 0, -1, 0, 0};
  const auto at = [&](int x, int y) {
    return double(in.px[std::size_t(std::clamp(y, 0, in.height - 1)) * std::size_t(in.width) +
                        std::size_t(std::clamp(x, 0, in.width - 1))]);
  };
  Launcher l(rt, s, c);
  const filterlab::ref::Image blank(in.width, in.height);
  l.bind({{"in", image_arg(in)}, {"out", image_arg(blank)}, {"k", array_arg(std::move(k))}});
  l.enqueue();
  const auto out = l.download("out");
  double worst = 0;
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) {
      double sum = 0;
      for (int j = 0; j < 5; ++j)
        for (int i = 0; i < 5; ++i) sum += w[std::size_t(j * 5 + i)] * at(x + i - 2, y + j - 2);
      const double want =
          std::clamp(std::nearbyint(sum * 0.25), 0.0, 255.0);  // sums are integers: ties are exact quarters
      worst =
          std::max(worst, std::fabs(double(out.px[std::size_t(y) * std::size_t(in.width) + std::size_t(x)]) - want));
    }
  return worst;
}

const std::vector<double> kWeights5{0,  0,  -1, 0,  0,  0,  -1, -2, -1, 0,  -1, -2, 20,
                                    -2, -1, 0,  -1, -2, -1, 0,  0,  0,  -1, 0,  0};

}  // namespace

TEST_CASE("literal weights: the pragma's table, zero taps dropped, other values refused", "[imagecl][opencl][xform]") {
  const auto r = filterlab::test::compile_file("tests/imagecl/corpus/weights5_lit.icl");
  REQUIRE(r.ok);
  CHECK(r.opencl.find("__constant float icl_lit_k[25] = {0.0f, 0.0f, -1.0f,") != std::string::npos);
  CHECK(r.opencl.find("((ICL_LITERAL_k == 0 || (k[j * 5 + i]) != 0) ? (void)(sum += k[j * 5 + i] * ICL_RD_in(") !=
        std::string::npos);
  for (long lit : {0L, 1L})
    for (const auto& extra : std::vector<std::map<std::string, long>>{
             {}, {{"unroll_0", 5}, {"unroll_1", 5}}, {{"window_in", 1}, {"vector_in", 16}, {"interior", 1}}}) {
      auto values = extra;
      values["literal_k"] = lit;
      INFO("literal_k " << lit << ", " << extra.size() << " more switches");
      CHECK(weights5(values, kWeights5) == 0.0);
    }
  // The table is what literal_k 1 reads: a changed entry shows (and is unseen with literal_k 0).
  CHECK(weights5({{"literal_k", 1}}, kWeights5, "icl_lit_k[25] = {0.0f, 0.0f, -1.0f",
                 "icl_lit_k[25] = {0.0f, 0.0f, -3.0f") > 0.0);
  CHECK(weights5({{"literal_k", 0}}, kWeights5, "icl_lit_k[25] = {0.0f, 0.0f, -1.0f",
                 "icl_lit_k[25] = {0.0f, 0.0f, -3.0f") == 0.0);
  auto other = kWeights5;
  other[12] = 16;
  CHECK_THROWS_WITH(weights5({{"literal_k", 0}}, other),
                    Catch::Contains("must hold the values of its #pragma imagecl weights (0, 0, -1,"));
  CHECK_THROWS_WITH(weights5({{"literal_k", 1}}, other),
                    Catch::Contains("must hold the values of its #pragma imagecl weights"));
}

namespace {

// A 3x3 weighted sum over Image<T> (clamped) on a 64 x 9 image with pixels in T's range, negative
// ones included, against the host's sum; `mutate` sends every vector load to the window's first
// row (the result must then differ: the vector path of that pixel type ran).
double word_split(const std::string& t, int lo, int hi, long n, bool mutate) {
  const std::string src =
      "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n"
      "__kernel void s3(Image<" +
      t +
      "> in, Image<int> out) {\n  int acc = 0;\n"
      "  for (int j = -1; j <= 1; j++)\n    for (int i = -1; i <= 1; i++)\n"
      "      acc += (i + 2) * (j + 3) * in[idx + i][idy + j];\n  out[idx][idy] = acc;\n}\n";
  const auto r = filterlab::imagecl::compile("s3.icl", src);
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  std::string opencl = r.opencl;
  const std::string from = "in + (size_t)(icl_wy0_in + icl_r)", to = "in + (size_t)(icl_wy0_in + 0)";
  if (mutate)
    for (auto at = opencl.find(from); at != std::string::npos; at = opencl.find(from, at + to.size()))
      opencl.replace(at, from.size(), to);
  const auto s = parse_space(r.space, opencl);
  auto& rt = filterlab::test::runtime();
  const auto c = with(s, base_config(s), {{"window_in", 1}, {"vector_in", n}, {"interior", 1}});
  REQUIRE(violation(s, c, rt.device.info).empty());
  filterlab::ref::Image in(64, 9);
  for (std::size_t i = 0; i < in.size(); ++i)
    in.px[i] = static_cast<float>(lo + static_cast<int>((i * 7919) % std::size_t(hi - lo + 1)));
  const filterlab::ref::Image blank(64, 9);
  Launcher l(rt, s, c);
  l.bind({{"in", image_arg(in)}, {"out", image_arg(blank)}});
  l.enqueue();
  const auto out = l.download("out");
  double worst = 0;
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 64; ++x) {
      long acc = 0;
      for (int j = -1; j <= 1; ++j)
        for (int i = -1; i <= 1; ++i)
          acc += (i + 2) * (j + 3) *
                 static_cast<long>(
                     in.px[std::size_t(std::clamp(y + j, 0, 8)) * 64 + std::size_t(std::clamp(x + i, 0, 63))]);
      worst = std::max(worst, std::fabs(double(out.px[std::size_t(y) * 64 + std::size_t(x)]) - double(acc)));
    }
  return worst;
}

}  // namespace

TEST_CASE("vector loads of 8- and 16-bit pixels, signed and unsigned, split exactly", "[imagecl][opencl][xform]") {
  const std::vector<std::tuple<std::string, int, int>> types{
      {"uchar", 0, 255}, {"char", -128, 127}, {"ushort", 0, 65535}, {"short", -32768, 32767}};
  for (const auto& [t, lo, hi] : types)
    for (long n : {4L, 8L, 16L}) {
      INFO(t << " vector " << n);
      CHECK(word_split(t, lo, hi, n, false) == 0.0);
      CHECK(word_split(t, lo, hi, n, true) > 0.0);
    }
}
