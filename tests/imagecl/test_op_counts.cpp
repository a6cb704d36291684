// The operation counts the compiler writes into the space ("counts"): per logical thread, from the
// source body, loops multiplied out, branches decided for interior pixels or maximised, unknown
// when a trip count is not a constant. Expected values are derived by hand from the sources.
#include <catch2/catch.hpp>

#include "compile_helpers.hpp"

using filterlab::test::compile_file;
using filterlab::test::space_of;

namespace {

struct Expected {
  double add = 0, mul = 0, fma = 0, other = 0, i2f = 0, f2i = 0, reads = 0, bytes = 0;
};

nlohmann::json counts_of(const filterlab::imagecl::CompileResult& r) {
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  return space_of(r)["counts"];
}

nlohmann::json counts_of_text(const std::string& text) { return counts_of(filterlab::imagecl::compile("t.icl", text)); }

void check_counts(const nlohmann::json& c, const Expected& e) {
  INFO(c.dump(1));
  REQUIRE(c["known"] == true);
  CHECK(c["fp32_add"] == e.add);
  CHECK(c["fp32_mul"] == e.mul);
  CHECK(c["fp32_fma"] == e.fma);
  CHECK(c["fp32_other"] == e.other);
  CHECK(c["int_to_float"] == e.i2f);
  CHECK(c["float_to_int"] == e.f2i);
  CHECK(c["image_reads"] == e.reads);
  CHECK(c["compulsory_bytes"] == e.bytes);
}

// The branch listed at line `line` of t.icl (its first one when several start there).
nlohmann::json branch_at(const nlohmann::json& c, int line) {
  for (const auto& b : c["branches"])
    if (b["where"].get<std::string>().rfind("t.icl:" + std::to_string(line) + ":", 0) == 0) return b;
  return nullptr;
}

}  // namespace

TEST_CASE("the benchmark kernels' counts match the ones derived from their sources", "[imagecl][compiler][counts]") {
  // sum += k[i] * in[...] five times: 5 add, 5 mul, 5 reads; one float pixel in and one out.
  for (const auto* name : {"sepconv_row", "sepconv_col"}) {
    const auto c = counts_of(compile_file(std::string("imagecl/benchmarks/") + name + ".icl"));
    check_counts(c, {5, 5, 0, 0, 0, 0, 5, 8});
    CHECK(c["array_reads"] == 5);
    CHECK(c["image_writes"] == 1);
    CHECK(c["compulsory_int_to_float"] == 0);  // float pixels: nothing to convert
    CHECK(c["branches"].empty());
  }
  // 25 taps of uchar pixels, each converted to float; one rounding conversion; uchar in and out.
  const auto u8 = counts_of(compile_file("imagecl/benchmarks/conv2d_u8.icl"));
  check_counts(u8, {25, 25, 0, 0, 25, 1, 25, 2});
  // Converted once per loaded pixel, the 25 conversions are 1 (the uchar Image in), and 1 out.
  CHECK(u8["compulsory_int_to_float"] == 1);
  CHECK(u8["compulsory_float_to_int"] == 1);
  // 8 neighbours; per derivative 5 add/sub and 3 mul (two 2.0f * x, one * 0.125f); src, dx, dy.
  check_counts(counts_of(compile_file("imagecl/benchmarks/harris_sobel.icl")), {10, 6, 0, 0, 0, 0, 8, 12});
  // 2x2 window, 2 reads, 3 += and 3 * per tap; R: a*c, b*b, (a+c)*(a+c), k*(...) and 4 add/sub.
  check_counts(counts_of(compile_file("imagecl/benchmarks/harris_response.icl")), {16, 16, 0, 0, 0, 0, 8, 12});
}

TEST_CASE("the fused benchmarks count each stage once per pixel and only external bytes",
          "[imagecl][compiler][counts][fusion]") {
  const auto path = [](const char* name) { return std::string(FILTERLAB_SOURCE_DIR) + "/imagecl/benchmarks/" + name; };
  const auto compile_pipeline = [&](const char* name) {
    return filterlab::imagecl::compile(path(name),
                                       filterlab::test::read_source(std::string("imagecl/benchmarks/") + name));
  };
  const auto sep = counts_of(compile_pipeline("sepconv_fused.icl"));
  check_counts(sep, {10, 10, 0, 0, 0, 0, 10, 8});  // in and out only: the row pass's output stays in local memory
  CHECK(sep["image_reads_by_image"] == nlohmann::json({{"sepconv_row_in", 5.0}, {"in", 5.0}}));
  CHECK(sep["stages"]["sepconv_row"]["compulsory_bytes"] == 8);
  CHECK(sep["fusion"].get<std::string>().find("sum of the stages") != std::string::npos);
  const auto harris = counts_of(compile_pipeline("harris_fused.icl"));
  check_counts(harris, {26, 22, 0, 0, 0, 0, 16, 8});  // src and dst only, not dx and dy
  CHECK(harris["image_reads_by_image"] == nlohmann::json({{"harris_sobel_src", 8.0}, {"dx", 4.0}, {"dy", 4.0}}));
}

TEST_CASE("nested constant loops multiply out, whatever the boundary condition", "[imagecl][compiler][counts]") {
  // 3 x 4 taps: 12 reads, 12 (+= and 0.5f *); per row one s += row * row.
  const auto body = [](const std::string& boundary) {
    return "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, " + boundary +
           ")\n"
           "__kernel void nest(Image<float> in, Image<float> out) {\n"
           "  float s = 0.0f;\n"
           "  for (int j = 0; j < 3; j++) {\n"
           "    float row = 0.0f;\n"
           "    for (int i = -2; i <= 1; i++)\n"
           "      row += 0.5f * in[idx + i][idy + j];\n"
           "    s += row * row;\n"
           "  }\n"
           "  out[idx][idy] = s;\n"
           "}\n";
  };
  const auto clamped = counts_of_text(body("clamped"));
  check_counts(clamped, {15, 15, 0, 0, 0, 0, 12, 8});
  // The generated boundary code differs; the counts are of the source body.
  for (const auto* b : {"constant, 0", "reflect101"}) CHECK(counts_of_text(body(b)) == clamped);
}

TEST_CASE("a loop without a constant trip count makes the counts unknown", "[imagecl][compiler][counts]") {
  const auto head = std::string(
      "#pragma imagecl grid(out)\n__kernel void dyn(Image<float> in, Image<float> out, int n) {\n  float s = 0.0f;\n");
  const auto tail = std::string("  out[idx][idy] = s;\n}\n");
  struct Case {
    const char* loop;
    const char* says;
  };
  for (const auto& c :
       {Case{"  for (int i = 0; i < n; i++) s += in[idx][idy];\n",
             "t.icl:4:3: a loop whose trip count is not a compile-time constant"},
        Case{"  for (int i = 0; i < 4; i++)\n    for (int j = i; j < 4; j++) s += in[idx][idy];\n",
             "t.icl:5:5: a loop"},
        Case{"  for (int i = 0; i < 4; i++) { if (s > 1.0f) break; s += in[idx][idy]; }\n",
             "t.icl:4:3: a loop with break"},
        Case{"  int i = 0;\n  while (i < 4) { s += in[idx][idy]; i++; }\n", "t.icl:5:3: a while or do loop"}}) {
    const auto counts = counts_of_text(head + c.loop + tail);
    INFO(c.loop);
    CHECK(counts["known"] == false);
    CHECK(counts["reason"].get<std::string>().rfind(c.says, 0) == 0);
    CHECK_FALSE(counts.contains("fp32_add"));  // no guessed numbers
  }
}

TEST_CASE("branches: the interior pixel's arm when decidable, else the larger arm, each listed",
          "[imagecl][compiler][counts]") {
  const auto c = counts_of_text(
      "#pragma imagecl grid(out)\n"
      "#pragma imagecl boundary(in, clamped)\n"
      "#define WIDE 0\n"
      "__kernel void br(Image<float> in, Image<float> out, float t) {\n"
      "  float v = in[idx][idy];\n"
      "  if (idx > 0) v = v + in[idx - 1][idy];\n"  // interior: then (1 add, 1 read)
      "  else v = v * 2.0f;\n"
      "  if (WIDE) v = v * in[idx + 1][idy];\n"  // constant: the missing else
      "  if (v > t) v = sqrt(v) * 3.0f;\n"       // undecided: max(1 other + 1 mul, 2 add)
      "  else v = v - t - 1.0f;\n"
      "  for (int i = 0; i < 3; i++)\n"
      "    if (i < 5) v = v * t;\n"                  // every i: 3 mul
      "  out[idx][idy] = idy < 2 ? 0.0f : v / t;\n"  // interior: else (1 other)
      "}\n");
  check_counts(c, {3, 4, 0, 2, 0, 0, 2, 8});
  CHECK(branch_at(c, 6) ==
        nlohmann::json({{"where", "t.icl:6:3"}, {"kind", "if"}, {"decision", "interior"}, {"counted", "then"}}));
  CHECK(branch_at(c, 8)["decision"] == "constant");
  CHECK(branch_at(c, 8)["counted"] == "else");
  CHECK(branch_at(c, 9)["decision"] == "undecided");
  CHECK(branch_at(c, 9)["counted"] == "maximum");
  CHECK(branch_at(c, 12)["decision"] == "loop range");
  CHECK(branch_at(c, 13)["kind"] == "?:");
  CHECK(branch_at(c, 13)["counted"] == "else");
  CHECK(c["branches"].size() == 5);  // the loop's branch once, not once per iteration

  // && and ||: the right operand counts unless the left one decides.
  const auto l = counts_of_text(
      "#pragma imagecl grid(out)\n"
      "#pragma imagecl boundary(in, clamped)\n"
      "__kernel void lg(Image<float> in, Image<float> out, float t) {\n"
      "  float v = 0.0f;\n"
      "  if (in[idx][idy] > t && in[idx + 1][idy] > t) v = 1.0f;\n"  // undecided: both reads
      "  if (idx < 0 && in[idx - 1][idy] > t) v = 2.0f;\n"           // interior: idx < 0 is false, right skipped
      "  out[idx][idy] = v;\n"
      "}\n");
  check_counts(l, {0, 0, 0, 0, 0, 0, 2, 8});
  CHECK(branch_at(l, 6)["kind"] == "&&");
  CHECK(branch_at(l, 6)["counted"] == "left only");
}

TEST_CASE("conversions, builtins and constants", "[imagecl][compiler][counts]") {
  const auto c = counts_of_text(
      "#pragma imagecl grid(out)\n"
      "__kernel void cv(Image<uchar> in, Image<int> out, float g) {\n"
      "  const float x = in[idx][idy];\n"                                // 1 read, 1 int->float
      "  const float y = fma(x, g, 1.0f) + mad(x, x, g);\n"              // 2 fma, 1 add
      "  int m = (int)(y * 0.5f);\n"                                     // 1 mul, 1 float->int
      "  m += x;\n"                                                      // m to float and back, 1 add
      "  const float q = x * (1.0f / 4.0f) - 2 * 3;\n"                   // constants folded: 1 mul, 1 add
      "  const float z = convert_float(m) / (float)in[idx][idy] + q;\n"  // 2 int->float, 1 read, 1 other, 1 add
      "  out[idx][idy] = convert_int_rte(fmax(z, 0.0f)) + abs(m);\n"     // 1 other, 1 float->int; abs is integer
      "}\n");
  check_counts(c, {4, 2, 2, 2, 4, 3, 2, 5});  // uchar in, int out
}
