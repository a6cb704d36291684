// The integer-exact sums (imagecl/compiler/integer_sums.hpp): which kernels are offered integer_<arr>
// and why the others are not. The corpus (conv5_u8_q6, weights5_lit) checks the generated sums
// against the CPU reference at every parameter value, exactly.
#include <catch2/catch.hpp>
#include <string>

#include "compile_helpers.hpp"

namespace {

using filterlab::test::space_of;
using filterlab::test::values_of;

// A 3x3 weighted sum of Image<pixel> with `weights` bound by the pragma; `body` replaces the
// accumulation when given.
nlohmann::json compiled(const std::string& pixel, const std::string& weights, const std::string& body = "") {
  const std::string src =
      "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n#pragma imagecl weights(k, " + weights +
      ")\n__kernel void w3(Image<" + pixel + "> in, Image<float> out, const float* k) {\n  float sum = 0.0f;\n" +
      (body.empty() ? "  for (int j = 0; j < 3; j++)\n    for (int i = 0; i < 3; i++)\n"
                      "      sum += k[j * 3 + i] * in[idx + i - 1][idy + j - 1];\n"
                    : body) +
      "  out[idx][idy] = sum;\n}\n";
  const auto r = filterlab::imagecl::compile("w3.icl", src);
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  return space_of(r);
}

const nlohmann::json& array_k(const nlohmann::json& space) {
  for (const auto& a : space["arguments"])
    if (a["name"] == "k") return a;
  FAIL("no argument k");
  return space;
}

}  // namespace

TEST_CASE("integer sums: offered for integer pixels and weights times 2^-s, the shift in the space",
          "[imagecl][compiler][integer]") {
  const auto q6 = space_of(filterlab::test::compile_file("tests/imagecl/corpus/conv5_u8_q6.icl"));
  CHECK(values_of(q6, "integer_k") == nlohmann::json::array({0, 1}));
  CHECK(array_k(q6)["integer_shift"] == 6);
  const auto whole = compiled("uchar", "1, 2, 1, 2, 4, 2, 1, 2, 1");
  CHECK(array_k(whole)["integer_shift"] == 0);
  CHECK(values_of(compiled("short", "0.5, -0.25, 1, 0, 3, 0, 1, -0.25, 0.5"), "integer_k") ==
        nlohmann::json::array({0, 1}));
  // The generated code: an int table of the integers, the accumulator's type and its reads switched.
  const auto r = filterlab::test::compile_file("tests/imagecl/corpus/conv5_u8_q6.icl");
  CHECK(r.opencl.find("__constant int icl_int_k[25] = {0, -1, -2, -1, 0, -1, 2, 4, 2,") != std::string::npos);
  CHECK(r.opencl.find("ICL_IPICK_k(int, float) sum = 0.0f;") != std::string::npos);
  CHECK(r.opencl.find("convert_uchar_sat_rte(ICL_IPICK_k(((float)(sum) * ICL_ISCALE_k), sum))") != std::string::npos);
  CHECK(r.opencl.find("#define ICL_ISCALE_k 0.015625f") != std::string::npos);
}

TEST_CASE("integer sums: not offered where a float sum could round or the accumulator does more",
          "[imagecl][compiler][integer]") {
  const auto reason = [](const nlohmann::json& space) {
    CHECK(values_of(space, "integer_k").empty());
    return array_k(space).value("integer_sums", std::string());
  };
  CHECK_THAT(reason(compiled("uchar", "0.1, 0.2, 0.1, 0.2, 0.4, 0.2, 0.1, 0.2, 0.1")),
             Catch::Contains("not an integer times 2^-s"));
  CHECK_THAT(reason(compiled("float", "1, 2, 1, 2, 4, 2, 1, 2, 1")), Catch::Contains("not an 8- or 16-bit integer"));
  CHECK_THAT(reason(compiled("int", "1, 2, 1, 2, 4, 2, 1, 2, 1")), Catch::Contains("not an 8- or 16-bit integer"));
  // 9 taps of 4000 on 16-bit pixels reach 2.4e9 > 2^24: the float sum would round.
  CHECK_THAT(reason(compiled("ushort", "4000, 1, 1, 1, 1, 1, 1, 1, 4000")), Catch::Contains("past 2^24"));
  const std::string loops =
      "  for (int j = 0; j < 3; j++)\n    for (int i = 0; i < 3; i++)\n"
      "      sum += k[j * 3 + i] * in[idx + i - 1][idy + j - 1];\n";
  CHECK_THAT(reason(compiled("uchar", "1, 2, 1, 2, 4, 2, 1, 2, 1", loops + "  sum *= 2.0f;\n")),
             Catch::Contains("written other than"));
  CHECK_THAT(reason(compiled("uchar", "1, 2, 1, 2, 4, 2, 1, 2, 1", loops + "  sum += 0.5f;\n")),
             Catch::Contains("written other than"));
  CHECK_THAT(reason(compiled("uchar", "1, 2, 1, 2, 4, 2, 1, 2, 1", "  sum = 1.0f;\n" + loops)),
             Catch::Contains("written other than"));
  CHECK_THAT(
      reason(compiled("uchar", "1, 2, 1, 2, 4, 2, 1, 2, 1",
                      "  int n = 0;\n  while (n < 3) {\n    sum += k[n] * in[idx + n - 1][idy];\n    n++;\n  }\n")),
      Catch::Contains("without a fixed trip count"));
}
