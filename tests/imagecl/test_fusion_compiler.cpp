// Pipeline fusion in the compiler: the fused kernels of the repository, their spaces (argument
// names, the tile in local memory), and bad pipelines rejected with file:line and the reason.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "compile_helpers.hpp"

using filterlab::imagecl::compile;
using namespace filterlab::test;

namespace {

// A directory of stage sources for one test; removed at the end.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("filterlab_fusion_" + name)) {
    std::filesystem::create_directories(dir);
  }
  ~Scratch() { std::filesystem::remove_all(dir); }
  std::string write(const std::string& file, const std::string& text) const {
    std::ofstream(dir / file) << text;
    return (dir / file).string();
  }
};

// A pipeline reads its stages from disk, relative to its own path: give the absolute one (ctest
// runs in the build tree).
filterlab::imagecl::CompileResult compile_pipeline_file(const std::string& relative) {
  return compile(std::string(FILTERLAB_SOURCE_DIR) + "/" + relative, read_source(relative));
}

const std::string kRow =
    "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n"
    "__kernel void row(Image<float> in, Image<float> out, float s) {\n  out[idx][idy] = s * (in[idx - 1][idy] + in[idx "
    "+ 1][idy]);\n}\n";

}  // namespace

TEST_CASE("the fused sepconv kernel names its arguments <stage>_<parameter>", "[imagecl][compiler][fusion]") {
  const auto r = compile_pipeline_file("imagecl/benchmarks/sepconv_fused.icl");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  CHECK(r.kernel == "sepconv_fused");
  const auto s = space_of(r);
  std::vector<std::string> names, stages;
  for (const auto& a : s["arguments"])
    names.push_back(a["name"]),
        stages.push_back(a["stage"].get<std::string>() + "." + a["stage_argument"].get<std::string>());
  CHECK(names == std::vector<std::string>{"sepconv_row_in", "sepconv_row_k", "sepconv_col_out", "sepconv_col_k"});
  CHECK(stages == std::vector<std::string>{"sepconv_row.in", "sepconv_row.k", "sepconv_col.out", "sepconv_col.k"});
  CHECK(s["grid"]["image"] == "sepconv_col_out");
  // The column pass's halo in y only: the tile is the block plus 4 rows, always in local memory.
  REQUIRE(s["local_memory"].size() == 1);
  CHECK(s["local_memory"][0]["image"] == "in");
  CHECK(s["local_memory"][0]["define"].is_null());
  CHECK(s["local_memory"][0]["halo_x"] == 0);
  CHECK(s["local_memory"][0]["halo_y"] == 4);
  CHECK(s["pipeline"]["intermediates"][0]["producer_name"] == "out");
  CHECK(values_of(s, "unroll_sepconv_row_0") == nlohmann::json{1, 5});
  CHECK(values_of(s, "constant_sepconv_col_k") == nlohmann::json{0, 1});
  CHECK(values_of(s, "image_sepconv_row_in") == nlohmann::json{0, 1});
  CHECK(values_of(s, "local_in").empty());  // no stage's own local memory: the tile is the fusion
  CHECK(r.opencl.find("barrier(CLK_LOCAL_MEM_FENCE)") != std::string::npos);
}

TEST_CASE("the fused harris kernel shares one Sobel evaluation for dx and dy", "[imagecl][compiler][fusion]") {
  const auto r = compile_pipeline_file("imagecl/benchmarks/harris_fused.icl");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  CHECK(s["local_memory"].size() == 2);
  CHECK(s["local_memory"][1]["halo_x"] == 1);
  CHECK(s["pipeline"]["intermediate_size"] == nlohmann::json{"harris_sobel_src_w", "harris_sobel_src_h"});
  // One producer loop fills both tiles (same boundary rule).
  const auto& cl = r.opencl;
  std::size_t fills = 0;
  for (auto at = cl.find("// The producer on every tile cell"); at != std::string::npos;
       at = cl.find("// The producer on every tile cell", at + 1))
    ++fills;
  CHECK(fills == 1);
  CHECK(cl.find("// The producer on every tile cell of dx dy (boundary reflect101)") != std::string::npos);
}

TEST_CASE("a pipeline connects Images of the same name unless told otherwise", "[imagecl][compiler][fusion]") {
  Scratch d("connect");
  d.write("row.icl", kRow);
  d.write("col.icl",
          "#pragma imagecl grid(dst)\n#pragma imagecl boundary(out, reflect101)\n"
          "__kernel void col(Image<float> out, Image<float> dst, float s) {\n  dst[idx][idy] = s * (out[idx][idy - 2] "
          "- out[idx][idy + 1]);\n}\n");
  const auto p = d.write("p.icl", "// same names\n#pragma imagecl pipeline(p, row.icl, col.icl)\n");
  const auto r = compile(p, read_file_text(p));
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  CHECK(s["local_memory"][0]["halo_x"] == 0);
  CHECK(s["local_memory"][0]["halo_y"] == 3);
  CHECK(s["arguments"].size() == 4);  // row_in, row_s, col_dst, col_s
  CHECK(s["arguments"][1]["name"] == "row_s");
  CHECK(s["arguments"][3]["name"] == "col_s");
}

TEST_CASE("bad pipelines are rejected with the place and the reason", "[imagecl][compiler][fusion]") {
  Scratch d("bad");
  d.write("row.icl", kRow);
  d.write("col.icl",
          "#pragma imagecl grid(res)\n#pragma imagecl boundary(in, constant, 0)\n"
          "__kernel void col(Image<float> in, Image<float> res) {\n  res[idx][idy] = in[idx][idy - 1] + in[idx][idy + "
          "1];\n}\n");
  d.write("shifted.icl",
          "#pragma imagecl grid(in)\n"
          "__kernel void shifted(Image<float> in, Image<float> out) {\n  if (idx > 0) out[idx - 1][idy] = "
          "in[idx][idy];\n}\n");
  d.write(
      "wide.icl",
      "#pragma imagecl grid(in)\n#pragma imagecl boundary(in, clamped)\n"
      "__kernel void wide(Image<float> in, Image<float> out, Image<float> side) {\n  out[idx][idy] = in[idx][idy];\n"
      "  side[idx][idy] = in[idx][idy];\n}\n");
  d.write("x_y.icl",
          "#pragma imagecl grid(in)\n__kernel void x_y(Image<float> in, Image<float> mid, float z) {\n  mid[idx][idy] "
          "= z * in[idx][idy];\n}\n");
  d.write("x.icl",
          "#pragma imagecl grid(res)\n__kernel void x(Image<float> mid, Image<float> res, float y_z) {\n  "
          "res[idx][idy] = y_z * mid[idx][idy];\n}\n");
  const auto check = [&](const std::string& pragma, const std::string& where, const std::string& reason) {
    const auto p = d.write("p.icl", pragma);
    const auto r = compile(p, read_file_text(p));
    INFO(pragma << "\n" << r.diagnostics);
    CHECK_FALSE(r.ok);
    CHECK(r.opencl.empty());
    CHECK(r.diagnostics.find(where) != std::string::npos);
    CHECK(r.diagnostics.find(reason) != std::string::npos);
  };
  check("#pragma imagecl pipeline(p, row.icl, col.icl)\n", "p.icl:1:1: error:", "nothing to fuse");
  {
    const auto p = d.write("p.icl", "#pragma imagecl pipeline(p, row.icl, col.icl, out -> in)\n");
    const auto r = compile(p, read_file_text(p));
    INFO(r.diagnostics);
    CHECK(r.ok);  // connected, the same stages fuse
  }
  check("#pragma imagecl pipeline(p, row.icl, col.icl, out -> nope)\n", "p.icl:1:1: error:", "reads no Image 'nope'");
  check("#pragma imagecl pipeline(p, row.icl, col.icl, out in)\n", "p.icl:1:1: error:", "is not a connection");
  check("#pragma imagecl pipeline(p, row.icl)\n", "p.icl:1:1: error:", "takes a kernel name and two sources");
  check("// x\n#pragma imagecl pipeline(p, row.icl, col.icl, out -> in)\nfloat x;\n",
        "p.icl:3:1: error:", "a pipeline file holds only");
  check("#pragma imagecl pipeline(p, missing.icl, col.icl)\n", "missing.icl:1:1: error:", "cannot read");
  check("#pragma imagecl pipeline(p, shifted.icl, col.icl, out -> in)\n",
        "shifted.icl:3:16: error:", "only at [idx][idy]");
  check("#pragma imagecl pipeline(p, x_y.icl, x.icl)\n", "p.icl:1:1: error:", "would both be named 'x_y_z'");
  check("#pragma imagecl pipeline(p, wide.icl, col.icl, out -> in)\n",
        "p.icl:1:1: error:", "writes Image 'side' but the consumer does not read it");
}

TEST_CASE("a fused kernel's counts: the stages' sum, the bytes of its external Images only",
          "[imagecl][compiler][fusion][counts]") {
  Scratch d("counts");
  // uchar -> float intermediate (1 read, 1 int->float, 1 mul) -> uchar (3 reads, 2 add, 1 float->int).
  d.write("lift.icl",
          "#pragma imagecl grid(src)\n__kernel void lift(Image<uchar> src, Image<float> mid) {\n"
          "  mid[idx][idy] = 0.5f * src[idx][idy];\n}\n");
  d.write("sum3.icl",
          "#pragma imagecl grid(dst)\n#pragma imagecl boundary(mid, clamped)\n"
          "__kernel void sum3(Image<float> mid, Image<uchar> dst) {\n"
          "  dst[idx][idy] = convert_uchar_sat_rte(mid[idx - 1][idy] + mid[idx][idy] + mid[idx + 1][idy]);\n}\n");
  d.write("loop.icl",
          "#pragma imagecl grid(dst)\n__kernel void loop(Image<float> mid, Image<uchar> dst, int n) {\n"
          "  float s = mid[idx][idy];\n  for (int i = 0; i < n; i++) s = s * 0.5f;\n  dst[idx][idy] = "
          "convert_uchar_sat_rte(s);\n}\n");
  const auto counts = [&](const std::string& pragma) {
    const auto p = d.write("p.icl", pragma);
    const auto r = compile(p, read_file_text(p));
    INFO(r.diagnostics);
    REQUIRE(r.ok);
    return space_of(r)["counts"];
  };
  const auto c = counts("#pragma imagecl pipeline(lift_sum, lift.icl, sum3.icl)\n");
  INFO(c.dump(1));
  REQUIRE(c["known"] == true);
  CHECK(c["fp32_add"] == 2);
  CHECK(c["fp32_mul"] == 1);
  CHECK(c["int_to_float"] == 1);
  CHECK(c["float_to_int"] == 1);
  CHECK(c["image_reads"] == 4);
  CHECK(c["image_reads_by_image"] == nlohmann::json({{"lift_src", 1.0}, {"mid", 3.0}}));
  CHECK(c["image_writes"] == 2);      // the tile cell and the output pixel
  CHECK(c["compulsory_bytes"] == 2);  // src and dst, uchar; the float intermediate never leaves the chip
  CHECK(c["stages"]["lift"]["compulsory_bytes"] == 5);
  CHECK(c["stages"]["sum3"]["compulsory_bytes"] == 5);
  // A stage that cannot be counted makes the fused kernel's counts unknown, naming the stage.
  const auto u = counts("#pragma imagecl pipeline(lift_loop, lift.icl, loop.icl)\n");
  CHECK(u["known"] == false);
  CHECK(u["reason"].get<std::string>().rfind("loop: ", 0) == 0);
  CHECK(u["reason"].get<std::string>().find("loop.icl:4:3: a loop whose trip count is not a compile-time constant") !=
        std::string::npos);
}
