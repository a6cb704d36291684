// What the analyses find in good ImageCL sources: read/write sets, stencils, eligibility for
// local, constant and image memory, unrollable loops, pragmas, and the parameters they yield.
#include <catch2/catch.hpp>

#include "compile_helpers.hpp"

using filterlab::test::compile_file;
using filterlab::test::space_of;
using filterlab::test::values_of;

namespace {
filterlab::imagecl::CompileResult compile_text(const std::string& text) {
  return filterlab::imagecl::compile("t.icl", text);
}

nlohmann::json image_info(const nlohmann::json& space, const std::string& name) {
  for (const auto& i : space["analysis"]["images"])
    if (i["name"] == name) return i;
  return nullptr;
}
}  // namespace

TEST_CASE("the box blur example compiles: 3x3 stencil, read-only input, write-only output", "[imagecl][compiler]") {
  const auto r = compile_file("imagecl/examples/box_blur.icl");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  CHECK(s["kernel"] == "blur");
  CHECK(s["grid"]["image"] == "out");
  const auto in = image_info(s, "in");
  CHECK(in["read"] == true);
  CHECK(in["written"] == false);
  CHECK(in["stencil"]["x"] == nlohmann::json::array({-1, 1}));
  CHECK(in["stencil"]["y"] == nlohmann::json::array({-1, 1}));
  CHECK(in["local_memory"] == true);
  CHECK(image_info(s, "out")["local_memory"] == "written");
  CHECK(values_of(s, "local_in") == nlohmann::json::array({0, 1}));
  CHECK(values_of(s, "image_in") == nlohmann::json::array({0, 1}));
  CHECK(values_of(s, "image_out") == nlohmann::json::array({0, 1}));
  CHECK(values_of(s, "unroll_0") == nlohmann::json::array({1, 3}));
  CHECK(values_of(s, "unroll_1") == nlohmann::json::array({1, 3}));
  // Every switch is a -D define with a default, so the source builds with no options at all.
  CHECK(r.opencl.find("#ifndef ICL_LOCAL_in") != std::string::npos);
  CHECK(r.opencl.find("barrier(CLK_LOCAL_MEM_FENCE)") != std::string::npos);
}

TEST_CASE("the benchmarks' stencils, constant arrays and loops", "[imagecl][compiler]") {
  const auto row = compile_file("imagecl/benchmarks/sepconv_row.icl");
  INFO(row.diagnostics);
  REQUIRE(row.ok);
  const auto srow = space_of(row);
  CHECK(image_info(srow, "in")["stencil"]["x"] == nlohmann::json::array({-2, 2}));
  CHECK(image_info(srow, "in")["stencil"]["y"] == nlohmann::json::array({0, 0}));
  CHECK(values_of(srow, "constant_k") == nlohmann::json::array({0, 1}));
  CHECK(values_of(srow, "unroll_0") == nlohmann::json::array({1, 5}));

  const auto conv = compile_file("imagecl/benchmarks/conv2d_u8.icl");
  REQUIRE(conv.ok);
  const auto sconv = space_of(conv);
  CHECK(image_info(sconv, "in")["pixel"] == "uchar");
  CHECK(image_info(sconv, "in")["stencil"]["y"] == nlohmann::json::array({-2, 2}));
  CHECK(sconv["local_memory"][0]["halo_x"] == 4);
  CHECK(sconv["local_memory"][0]["element_bytes"] == 1);

  const auto resp = compile_file("imagecl/benchmarks/harris_response.icl");
  REQUIRE(resp.ok);
  const auto sresp = space_of(resp);
  CHECK(image_info(sresp, "dx")["stencil"]["x"] == nlohmann::json::array({-1, 0}));
  CHECK(image_info(sresp, "dx")["stencil"]["y"] == nlohmann::json::array({-1, 0}));
  CHECK(values_of(sresp, "unroll_0") == nlohmann::json::array({1, 2}));
  // The configuration count is the product of the value counts.
  double product = 1;
  for (const auto& p : sresp["parameters"]) product *= static_cast<double>(p["values"].size());
  CHECK(sresp["configurations"].get<double>() == product);
}

TEST_CASE("an index the analysis cannot bound makes the Image ineligible for local memory", "[imagecl][compiler]") {
  const auto r = compile_text(
      "#pragma imagecl grid(out)\n"
      "__kernel void k(Image<float> in, Image<float> out, int s) {\n"
      "  out[idx][idy] = in[idx * s][idy];\n}\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  const auto in = image_info(s, "in");
  CHECK(in["local_memory"].get<std::string>().find("cannot bound") != std::string::npos);
  CHECK(in["local_memory"].get<std::string>().find("t.icl:3:") != std::string::npos);
  CHECK(values_of(s, "local_in").empty());
  CHECK(values_of(s, "image_in") == nlohmann::json::array({0, 1}));
}

TEST_CASE("constant propagation follows const variables and nested fixed-range loops", "[imagecl][compiler]") {
  const auto r = compile_text(
      "#pragma imagecl grid(out)\n"
      "#pragma imagecl boundary(in, clamped)\n"
      "__kernel void k(Image<float> in, Image<float> out) {\n"
      "  const int r = 3;\n  float s = 0.0f;\n"
      "  for (int j = -r; j <= r; ++j)\n    for (int i = 0; i < 2; i += 1)\n"
      "      s += in[idx + 2 * i - 1][idy + j + 1];\n"
      "  out[idx][idy] = s;\n}\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto in = image_info(space_of(r), "in");
  CHECK(in["stencil"]["x"] == nlohmann::json::array({-1, 1}));
  CHECK(in["stencil"]["y"] == nlohmann::json::array({-2, 4}));
  CHECK(values_of(space_of(r), "unroll_0") == nlohmann::json::array({1, 7}));
}

TEST_CASE("force pragmas fix a parameter; arrays without a bound stay in global memory", "[imagecl][compiler]") {
  const auto r = compile_text(
      "#pragma imagecl grid(64, 32)\n"
      "#pragma imagecl boundary(in, reflect101)\n"
      "#pragma imagecl force(local_memory, in, off)\n"
      "#pragma imagecl force(interleaved, on)\n"
      "__kernel void k(Image<float> in, Image<float> out, const float* w, const float* v) {\n"
      "  float s = 0.0f;\n"
      "#pragma imagecl force(unroll, off)\n"
      "  for (int i = 0; i < 4; i++) s += w[i] * in[idx + i][idy];\n"
      "  for (int i = 0; i < 4; i++) { if (s > 9.0f) break; s += v[i]; }\n"
      "  out[idx][idy] = s;\n}\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  CHECK(s["grid"]["width"] == 64);
  CHECK(values_of(s, "local_in") == nlohmann::json::array({0}));
  CHECK(values_of(s, "interleaved") == nlohmann::json::array({1}));
  CHECK(values_of(s, "unroll_0") == nlohmann::json::array({1}));
  CHECK(values_of(s, "unroll_1").empty());  // break: not unrollable
  CHECK(s["analysis"]["loops"][1]["reason"] == "the body contains break or continue");
  CHECK(values_of(s, "constant_w").empty());
  CHECK(s["analysis"]["arrays"][0]["constant_memory"].get<std::string>().find("no size bound") != std::string::npos);
  CHECK(r.opencl.find("icl_reflect101") != std::string::npos);
}

TEST_CASE("the authors' dialect: imcl pragmas, grids over several Images, boundary_cond, plain void, Image, 2-D arrays",
          "[imagecl][compiler]") {
  const auto r = compile_text(
      "#pragma imcl grid(src, aux)\n"
      "#pragma imcl boundary_cond(src:clamped, aux:constant)\n"
      "void lap(Image src, Image<Pixel> aux, Image<unsigned char> dst, int mask[3][5], unsigned char bias) {\n"
      "  int acc = bias;\n"
      "  for (int a = -1; a < 2; a++)\n"
      "    for (int b = -2; b < 3; b++)\n"
      "      acc += src[idx + b][idy + a] * mask[a + 1][b + 2] + aux[idx - 1][idy];\n"
      "  dst[idx][idy] = max(min(acc, 255), 0);\n}\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  CHECK(s["kernel"] == "lap");
  CHECK(s["grid"]["image"] == "src");
  CHECK(s["grid"]["images"] == nlohmann::json::array({"src", "aux"}));
  CHECK(s["arguments"][0]["type"] == "float");  // Pixel is float
  CHECK(s["arguments"][0]["boundary"] == "clamped");
  CHECK(s["arguments"][1]["boundary"] == "constant");
  CHECK(s["arguments"][1]["boundary_value"] == "0");
  CHECK(s["arguments"][2]["type"] == "uchar");
  CHECK(s["arguments"][3]["bound"] == 15);  // 3 x 5, passed flat
  CHECK(values_of(s, "constant_mask") == nlohmann::json::array({0, 1}));
  CHECK(image_info(s, "src")["stencil"]["x"] == nlohmann::json::array({-2, 2}));
  CHECK(r.opencl.find("mask[(a + 1) * 5 + (b + 2)]") != std::string::npos);
  CHECK(r.reference.find("int (*mask)[5]") != std::string::npos);
}

TEST_CASE("macros and file-scope tables reach the OpenCL and the CPU reference expanded", "[imagecl][compiler]") {
  const auto r = compile_text(
      "#define R 1\n#define AT(dx) in[idx + (dx)][idy]\n"
      "__constant float w[3] = {0.25f, 0.5f, 0.25f};\nconst float gain = 2.0f;\n"
      "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n"
      "__kernel void k(Image<float> in, Image<float> out) {\n  float s = 0.0f;\n"
      "  for (int i = -R; i <= R; i++) s += w[i + R] * AT(i);\n  out[idx][idy] = gain * s;\n}\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  CHECK(image_info(space_of(r), "in")["stencil"]["x"] == nlohmann::json::array({-1, 1}));
  CHECK(r.opencl.find("__constant float w[3] = {0.25f, 0.5f, 0.25f};") != std::string::npos);
  CHECK(r.opencl.find("__constant const float gain = 2.0f;") != std::string::npos);
  CHECK(r.opencl.find("AT(") == std::string::npos);
  CHECK(r.opencl.find("ICL_RD_in((idx+(i)), (idy))") != std::string::npos);
  CHECK(r.reference.find("__constant float w[3]") != std::string::npos);
}

TEST_CASE("macros in ImageCL pragmas are expanded", "[imagecl][compiler]") {
  const auto r = compile_text(
      "#define W 40\n#define SRC in\n#pragma imagecl grid(W, 20)\n#pragma imcl boundary_cond(SRC:clamped)\n"
      "__kernel void k(Image<float> in, Image<float> out) { out[idx][idy] = in[idx - 1][idy]; }\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  const auto s = space_of(r);
  CHECK(s["grid"]["width"] == 40);
  CHECK(s["arguments"][0]["boundary"] == "clamped");
}

TEST_CASE("vector stores are offered only where a work-item's row of outputs is always complete",
          "[imagecl][compiler]") {
  const auto offered = [](const std::string& body) {
    const auto r = compile_text("#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n" +
                                body + "}\n");
    INFO(r.diagnostics);
    REQUIRE(r.ok);
    return values_of(space_of(r), "vector_out");
  };
  const auto vectors = nlohmann::json::array({1, 4, 8, 16});
  CHECK(offered("  out[idx][idy] = in[idx][idy] * 2.0f;\n") == vectors);
  // A conditional write next to an unconditional one: every slot is still written.
  CHECK(offered("  out[idx][idy] = 0.0f;\n  if (in[idx][idy] > 1.0f) out[idx][idy] = 1.0f;\n") == vectors);
  // Only conditional writes: a slot could stay unwritten, so no vector stores.
  CHECK(offered("  if (in[idx][idy] > 1.0f) out[idx][idy] = 1.0f;\n").empty());
  CHECK(offered("  for (int i = 0; i < 1; i++) out[idx][idy] = in[idx][idy];\n").empty());
  // Writes away from (idx, idy) (two per work-item, at 2 idx and 2 idx + 1): no row of outputs.
  CHECK(offered("  out[2 * idx][idy] = in[idx][idy];\n  out[2 * idx + 1][idy] = 0.0f;\n").empty());
}

TEST_CASE("a window holds floats only where every read of an 8- or 16-bit Image becomes a float at once",
          "[imagecl][compiler]") {
  const auto holds_float = [](const std::string& type, const std::string& body) {
    const auto r =
        compile_text("#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n__kernel void k(Image<" + type +
                     "> in, Image<float> out) {\n" + body + "}\n");
    INFO(r.diagnostics);
    REQUIRE(r.ok);
    const auto s = space_of(r);
    REQUIRE(s["window"].size() == 1);
    return s["window"][0]["holds_float"].get<bool>();
  };
  CHECK(holds_float("uchar", "  out[idx][idy] = 0.5f * in[idx - 1][idy] + in[idx + 1][idy];\n"));
  CHECK(holds_float("ushort", "  float v = in[idx][idy + 1];\n  out[idx][idy] = v;\n"));
  // An integer use of one read (a division of integers) keeps the window's pixel type.
  CHECK_FALSE(holds_float("uchar", "  out[idx][idy] = in[idx][idy] + in[idx + 1][idy] / 2;\n"));
  CHECK_FALSE(holds_float("float", "  out[idx][idy] = in[idx + 1][idy];\n"));
  CHECK_FALSE(holds_float("uint", "  out[idx][idy] = in[idx + 1][idy];\n"));  // 32-bit values: the trick is not exact
}

TEST_CASE("the strip vectorisation is offered only where N lanes compute what N scalar runs do, else says why",
          "[imagecl][compiler][simd]") {
  const auto space = [](const std::string& in_type, const std::string& body) {
    const auto r =
        compile_text("#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n__kernel void k(Image<" +
                     in_type + "> in, Image<float> out, const float* w, float s) {\n" + body + "}\n");
    INFO(r.diagnostics);
    REQUIRE(r.ok);
    return space_of(r);
  };
  const auto lanes = nlohmann::json::array({0, 4, 8, 16});
  const auto offered = space("float",
                             "  float a = in[idx - 1][idy] * w[0];\n  a += s * in[idx + 1][idy + 1];\n"
                             "  out[idx][idy] = sqrt(fmax(a, 0.0f));\n");
  CHECK(values_of(offered, "simd") == lanes);
  CHECK(values_of(offered, "fast_round").empty());  // nothing rounds to 8 or 16 bits
  CHECK(offered.contains("simd"));
  // uchar lanes: widened to float (fast_widen offered); integer promotions written out.
  const auto u8 = space("uchar", "  int d = in[idx + 1][idy] - in[idx - 1][idy];\n  out[idx][idy] = d * 0.5f;\n");
  CHECK(values_of(u8, "simd") == lanes);
  CHECK(u8["simd"]["opencl"].get<std::string>().find("ICL_LANES(convert_int)(ICL_VRD_in(") != std::string::npos);
  const auto refused = [&](const std::string& body) {
    const auto s = space("float", body);
    CHECK(values_of(s, "simd").empty());
    return s.value("simd_reason", std::string());
  };
  CHECK(refused("  out[idx][idy] = in[idx][idy] > 0.5f ? 1.0f : 0.0f;\n").find("?: on per-pixel values") !=
        std::string::npos);
  CHECK(refused("  float v = in[idx][idy];\n  if (v > 0.5f) v = 1.0f;\n  out[idx][idy] = v;\n")
            .find("5:7: an if on a per-pixel value") != std::string::npos);
  CHECK(refused("  out[idx][idy] = in[idx][idy] + idx;\n").find("idx used other than in an Image's column index") !=
        std::string::npos);
  CHECK(refused("  out[idx][idy] = w[(int)in[idx][idy]];\n").find("a gather") != std::string::npos);
  CHECK(refused("  out[idx][idy] = isnan(in[idx][idy]) ? 0.0f : 1.0f;\n").find("per-pixel") != std::string::npos);
}
