// The language as a user writes it (issue 34), at the compiler: OpenCL C's builtins and their
// recorded accuracy, the fixed-width type names, bool and 64-bit scalars, image size queries,
// helper functions, and writes that two work-items could share (data races), refused where they are.
#include <catch2/catch.hpp>

#include "compile_helpers.hpp"
#include "compiler.hpp"

using filterlab::imagecl::compile;
using filterlab::test::space_of;

namespace {

filterlab::imagecl::CompileResult compiled(const std::string& text) {
  auto r = compile("lang.icl", text);
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  return r;
}

// The first error's "line:column: error: message" of `text`, which must not compile.
std::string error_of(const std::string& text) {
  const auto r = compile("lang.icl", text);
  INFO(text);
  REQUIRE_FALSE(r.ok);
  CHECK(r.opencl.empty());
  const auto at = r.diagnostics.find("lang.icl:");
  REQUIRE(at != std::string::npos);
  return r.diagnostics.substr(at + 9, r.diagnostics.find('\n', at) - at - 9);
}

const std::string kGrid = "#pragma imagecl grid(out)\n";

}  // namespace

TEST_CASE("the math builtins compile, and the space records which are inexact with OpenCL's bound",
          "[imagecl][compiler][language]") {
  const auto r = compiled(
      kGrid +
      "__kernel void k(Image<float> in, Image<float> out) {\n  const float v = in[idx][idy];\n"
      "  out[idx][idy] = atan2(v, 2.0f) + sinpi(v) + cbrt(v) + hypot(v, 1.0f) + pown(v, 3) + erf(v) +\n"
      "                  fmod(v, 7.0f) + copysign(1.0f, v) + floor(v) + maxmag(v, -v) + mix(v, 1.0f, 0.25f);\n}\n");
  const auto s = space_of(r);
  const nlohmann::json want = {{"atan2", 6.0}, {"cbrt", 2.0},  {"erf", 16.0}, {"hypot", 4.0},
                               {"mix", -1.0},  {"pown", 16.0}, {"sinpi", 4.0}};
  CHECK(s["inexact_builtins"] == want);  // fmod, copysign, floor and maxmag are exact: not listed
  // A kernel of exact operations only carries no such key (its integer outputs are judged exactly).
  CHECK_FALSE(
      space_of(compiled(kGrid +
                        "__kernel void k(Image<float> in, Image<float> out) { out[idx][idy] = fabs(in[idx][idy]); }\n"))
          .contains("inexact_builtins"));
}

TEST_CASE("builtins returning through a pointer, and lgamma, are refused with what to write",
          "[imagecl][compiler][language]") {
  CHECK(error_of(kGrid +
                 "__kernel void k(Image<float> out) {\n  float c;\n  out[idx][idy] = sincos(1.0f, &c) + c;\n}\n") ==
        "4:19: error: 'sincos' is not available in ImageCL: it returns the cosine through a pointer: call sin(x) and "
        "cos(x)");
  CHECK(error_of(kGrid + "__kernel void k(Image<float> out) { out[idx][idy] = lgamma(2.5f); }\n")
            .find("OpenCL specification bounds no "
                  "error of lgamma") != std::string::npos);
}

TEST_CASE("every conversion form exists, a double literal argument is cast to float, as the device does",
          "[imagecl][compiler][language]") {
  std::string body;
  for (const char* type : {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"})
    for (const char* sat : {"", "_sat"})
      for (const char* mode : {"", "_rte", "_rtz", "_rtp", "_rtn"})
        body += std::string("  s += (float)convert_") + type + sat + mode + "(v);\n";
  body += "  s += convert_float_rtz(7u) + convert_float_rtn(-3L) + (float)convert_int_sat_rte(v * 0.5);\n";
  const auto r = compiled(
      kGrid +
      "__kernel void k(Image<float> in, Image<float> out) {\n  const float v = in[idx][idy];\n  float s = 0.0f;\n" +
      body + "  out[idx][idy] = s;\n}\n");
  CHECK(r.opencl.find("convert_int_sat_rte((float)(v * 0.5))") != std::string::npos);
  CHECK(r.opencl.find("convert_ulong_sat_rtn(v)") != std::string::npos);
}

TEST_CASE("fixed-width type names: pixels and locals, with typedefs in the OpenCL only where used",
          "[imagecl][compiler][language]") {
  const auto r =
      compiled(kGrid +
               "__kernel void k(Image<uint16_t> in, Image<int8_t> out) {\n  const int32_t v = in[idx][idy];\n"
               "  out[idx][idy] = (int8_t)(v >> 9);\n}\n");
  const auto s = space_of(r);
  CHECK(s["arguments"][0]["type"] == "ushort");
  CHECK(s["arguments"][1]["type"] == "char");
  CHECK(r.opencl.find("typedef ushort uint16_t;") != std::string::npos);
  const auto plain = compiled(
      kGrid + "__kernel void k(Image<ushort> in, Image<char> out) { out[idx][idy] = (char)(in[idx][idy] >> 9); }\n");
  CHECK(plain.opencl.find("uint16_t") == std::string::npos);
}

TEST_CASE("bool, long and ulong scalars: a bool reaches the kernel as an int", "[imagecl][compiler][language]") {
  const auto r = compiled(kGrid +
                          "__kernel void k(Image<float> out, bool flip, long a, ulong b) {\n"
                          "  out[idx][idy] = flip ? (float)a : (float)b;\n}\n");
  const auto s = space_of(r);
  CHECK(s["arguments"][1]["type"] == "bool");
  CHECK(s["arguments"][2]["type"] == "long");
  CHECK(r.opencl.find("const int flip") != std::string::npos);
  CHECK(r.opencl.find("const long a") != std::string::npos);
  CHECK(error_of(kGrid + "__kernel void k(Image<float> out, double d) { out[idx][idy] = 1.0f; }\n")
            .find("not supported") != std::string::npos);
  CHECK(error_of(kGrid + "__kernel void k(Image<bool> in, Image<float> out) { out[idx][idy] = 1.0f; }\n")
            .find("pixel type") != std::string::npos);
}

TEST_CASE("size queries: img.width(), img.height() and a volume's depth() become the size arguments",
          "[imagecl][compiler][language]") {
  const auto r = compiled(kGrid +
                          "__kernel void k(Image<float> in, Image<float> out) {\n"
                          "  out[idx][idy] = in[min(2 * idx, in.width() - 1)][min(2 * idy, in.height() - 1)];\n}\n");
  CHECK(r.opencl.find("#define ICL_WIDTH_in in_w") != std::string::npos);
  CHECK(r.opencl.find("ICL_RD_in((min(2 * idx, ICL_WIDTH_in - 1)), (min(2 * idy, ICL_HEIGHT_in - 1)))") !=
        std::string::npos);
  CHECK(r.reference.find("in.width()") != std::string::npos);
  const auto v = compiled(
      "#pragma imagecl grid(out)\n__kernel void k(Image<float, 3> out) { out[idx][idy][idz] = out.depth(); }\n");
  CHECK(v.opencl.find("#define ICL_DEPTH_out out_d") != std::string::npos);
  // Without a query the generated code is as before.
  CHECK(compiled(kGrid + "__kernel void k(Image<float> in, Image<float> out) { out[idx][idy] = in[idx][idy]; }\n")
            .opencl.find("ICL_WIDTH_") == std::string::npos);
}

TEST_CASE("helper functions: emitted before the kernel with the builtins' casts, checked like the kernel",
          "[imagecl][compiler][language]") {
  const auto r =
      compiled(kGrid +
               "float root(int v) { return sqrt(v); }\nint twice(int v) { return 2 * v; }\n"
               "__kernel void k(Image<int> in, Image<float> out) { out[idx][idy] = root(twice(in[idx][idy])); }\n");
  CHECK(r.opencl.find("float root(int v) { return sqrt((float)(v)); }") != std::string::npos);
  CHECK(r.opencl.find("int twice(int v)") < r.opencl.find("__kernel"));
  CHECK(space_of(r)["inexact_builtins"] == nlohmann::json{{"sqrt", 3.0}});  // found inside the helper
  CHECK(space_of(r)["counts"]["known"] == false);
  CHECK(error_of(
            kGrid +
            "float sin(float x) { return x; }\n__kernel void k(Image<float> out) { out[idx][idy] = sin(1.0f); }\n") ==
        "2:7: error: 'sin' is an OpenCL C builtin: give the helper another name");
  CHECK(error_of(kGrid + "int f(int n) { return n > 0 ? f(n - 1) : 0; }\n__kernel void k(Image<float> out) { "
                         "out[idx][idy] = f(3); }\n") ==
        "2:31: error: 'f' cannot call itself: OpenCL C has no recursion; write a loop");
  CHECK(error_of(kGrid + "float f(const float* p) { return p[0]; }\n__kernel void k(Image<float> out, float* a) { "
                         "out[idx][idy] = f(a); }\n")
            .find("a helper takes scalars") != std::string::npos);
  CHECK(error_of(kGrid + "float f(float x) { static float n = 0.0f; return x + n; }\n"
                         "__kernel void k(Image<float> out) { out[idx][idy] = f(1.0f); }\n")
            .find("static local variables are not allowed") != std::string::npos);
  CHECK(error_of(kGrid + "float f(float x, float y = 1.0f) { return x + y; }\n__kernel void k(Image<float> out) { "
                         "out[idx][idy] = f(1.0f); }\n")
            .find("default arguments are C++") != std::string::npos);
  CHECK(error_of(
            kGrid +
            "float icl_f(float x) { return x; }\n__kernel void k(Image<float> out) { out[idx][idy] = icl_f(1.0f); }\n")
            .find("reserved for the compiler") != std::string::npos);
}

TEST_CASE("writes two work-items could share are located errors, disjoint ones compile",
          "[imagecl][compiler][language][races]") {
  const std::string in_grid = "#pragma imagecl grid(in)\n";
  // The scatter: four work-items write each output pixel.
  CHECK(error_of(in_grid +
                 "__kernel void k(Image<float> in, Image<float> out) {\n  out[idx / 2][idy / 2] = in[idx][idy];\n}\n")
            .rfind("3:3: error: two work-items may write the same pixel of Image 'out' (a data race): the compiler "
                   "cannot bound the index",
                   0) == 0);
  // An index that gives both Image axes to idx, or none to idy.
  CHECK(error_of(kGrid + "__kernel void k(Image<float> out) { out[idx + idy][0] = 1.0f; }\n")
            .find("does not give idx and idy an Image axis each") != std::string::npos);
  // Offsets that reach the neighbour: stride 2, offsets 0..2 (work-items i and i + 1 both write 2i + 2).
  CHECK(error_of(in_grid + "__kernel void k(Image<float> in, Image<float> out) {\n  for (int k = 0; k <= 2; k++) out[2 "
                           "* idx + k][idy] = in[idx][idy];\n}\n")
            .find("reach a neighbouring work-item's pixels (stride 2 x 1, offsets 0..2 x 0..0)") != std::string::npos);
  CHECK(
      error_of(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = 1.0f;\n  out[idx + 1][idy] = 2.0f;\n}\n")
          .find("data race") != std::string::npos);
  // Two strides for one Image.
  CHECK(
      error_of(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = 1.0f;\n  out[2 * idx][idy] = 2.0f;\n}\n")
          .find("different multiples of idx and idy") != std::string::npos);
  // A 2-D Image on a 3-D grid: the planes' work-items meet.
  CHECK(error_of("#pragma imagecl grid(16, 16, 4)\n__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n")
            .find("differ only in idz") != std::string::npos);
  // A shared array written.
  CHECK(error_of(kGrid + "__kernel void k(Image<uchar> in, Image<float> out, int* hist) {\n  hist[in[idx][idy]] += "
                         "1;\n  out[idx][idy] = 0.0f;\n}\n")
            .rfind("3:3: error: array parameter 'hist' is written: every work-item shares it", 0) == 0);
  // Disjoint: the transpose, 2x upsampling by a loop, two writes at 2 idx and 2 idx + 1, a volume.
  compiled(
      "#pragma imagecl grid(16, 8)\n__kernel void k(Image<float> in, Image<float> out) { out[idy][idx] = in[idx][idy]; "
      "}\n");
  compiled(in_grid +
           "__kernel void k(Image<float> in, Image<float> out) {\n  for (int j = 0; j < 2; j++)\n    for (int i = 0; i "
           "< 2; i++)\n"
           "      out[2 * idx + i][2 * idy + j] = in[idx][idy];\n}\n");
  compiled(in_grid +
           "__kernel void k(Image<float> in, Image<float> out) {\n  out[2 * idx][idy] = in[idx][idy];\n  out[2 * idx + "
           "1][idy] = 0.0f;\n}\n");
  compiled("#pragma imagecl grid(out)\n__kernel void k(Image<float, 3> out) { out[idx][idy][idz] = 1.0f; }\n");
}

TEST_CASE("vector pixels and values: OpenCL's syntax in the OpenCL, makers and Clang in the CPU reference",
          "[imagecl][compiler][language]") {
  const auto r =
      compiled(kGrid +
               "#pragma imagecl boundary(in, constant, 0)\n"
               "float4 swap(float4 c) { return c.zyxw; }\n"
               "__kernel void k(Image<uchar4> in, Image<float4> out) {\n"
               "  float4 v = convert_float4(in[idx + 1][idy]);\n"
               "  v.xy = clamp(v.xy, 0.0f, 200.0f);\n"
               "  const int4 big = v > (float4)(100.0f);\n"
               "  out[idx][idy] = select(swap(v), (float4)(v.hi, length(v.xyz), v.s1), big) + dot(v, v);\n}\n");
  CHECK(r.opencl.find("(float4)(v.hi, length(v.xyz), v.s1)") != std::string::npos);  // OpenCL C as written
  CHECK(r.reference.find("__icl_vec_float4(v.hi, length(v.xyz), v.s1)") != std::string::npos);
  CHECK(r.reference.find("FILTERLAB_ICL_NEEDS_CLANG") != std::string::npos);
  CHECK(r.reference.find("inline float4 select(float4 a0, float4 a1, int4 a2)") !=
        std::string::npos);  // only what is called
  CHECK(r.reference.find("convert_float4_sat") == std::string::npos);
  const auto s = space_of(r);
  CHECK(s["analysis"]["images"][0]["pixel"] == "uchar4");
  CHECK(s["analysis"]["images"][1]["pixel"] == "float4");
  CHECK(s["analysis"]["images"][0]["image_memory"] ==
        "vector pixels stay in buffers (no image formats are generated for them)");
  const nlohmann::json inexact = {{"dot", -1.0}, {"length", 5.0}};
  CHECK(s["inexact_builtins"] == inexact);
  CHECK(s["counts"]["known"] == false);
  // A scalar kernel's reference is unchanged: no vector runtime, the host's C++ compiler.
  CHECK(compiled(kGrid + "__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n")
            .reference.find("ext_vector_type") == std::string::npos);
}

TEST_CASE("vector misuse is a located error saying what to write", "[imagecl][compiler][language]") {
  CHECK(error_of(kGrid + "__kernel void k(Image<float3> out) { out[idx][idy] = (float3)(1.0f); }\n") ==
        "2:31: error: Image pixel type 'float3' is not supported: a vector pixel has 2 or 4 lanes of float, uchar, "
        "char, ushort, "
        "short, int or uint (a 3-lane vector occupies 4 lanes in OpenCL memory: use float4 and leave w unused)");
  CHECK(error_of(kGrid + "__kernel void k(Image<long2> out) { out[idx][idy] = (long2)(1); }\n")
            .find("Image pixel type 'long2' is not supported") != std::string::npos);
  CHECK(error_of(kGrid + "__kernel void k(Image<float4> out) {\n  out[idx][idy].x = 1.0f;\n}\n") ==
        "3:3: error: a write to lanes of a pixel ('.x'): write the whole pixel, e.g. out[idx][idy] = (float4)(r, g, b, "
        "a), from a "
        "local vector whose lanes you set");
  CHECK(error_of(kGrid + "__kernel void k(Image<float4> out) {\n  out[idx][idy] = (float4)(1.0f, 2.0f, 3.0f);\n}\n") ==
        "3:19: error: the vector literal (float4)(...) gives 3 lanes; float4 has 4 (or give one value for every lane)");
  CHECK(
      error_of(kGrid + "__kernel void k(Image<uchar4> in, Image<float4> out) {\n"
                       "  out[idx][idy] = (float4)(in[idx][idy].xy, 0.0f, 1.0f);\n}\n") ==
      "3:28: error: a vector component of the literal (float4)(...) must have float4's element type: convert it first "
      "(convert_float4...)");
  CHECK(error_of(kGrid + "__kernel void k(Image<float4> in, Image<float> out) {\n  const float4 v = in[idx][idy];\n"
                         "  out[idx][idy] = v[1];\n}\n") ==
        "4:19: error: a vector indexed with [] is not OpenCL C 1.2: name its lanes (.x, .y, .s3, ...)");
  CHECK(
      error_of(
          kGrid +
          "__kernel void k(Image<float4> in, Image<float> out) {\n  out[idx][idy] = fast_length(in[idx][idy]);\n}\n") ==
      "3:19: error: 'fast_length' is not available in ImageCL: OpenCL leaves its error to the device, so no check "
      "could judge "
      "it: use length(v)");
}
