// Malformed or unsupported ImageCL gets an error at file:line:column with the reason.
#include <catch2/catch.hpp>

#include "compiler.hpp"

namespace {

// Compiles `text` as bad.icl and requires an error at `where` ("line:column") mentioning `reason`.
void rejects(const std::string& text, const std::string& where, const std::string& reason) {
  const auto r = filterlab::imagecl::compile("bad.icl", text);
  INFO(r.diagnostics);
  CHECK_FALSE(r.ok);
  CHECK(r.opencl.empty());
  CHECK(r.diagnostics.find("bad.icl:" + where + ": error: ") != std::string::npos);
  CHECK(r.diagnostics.find(reason) != std::string::npos);
}

const std::string kGrid = "#pragma imagecl grid(out)\n";

}  // namespace

TEST_CASE("barriers are rejected", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> in, Image<float> out) {\n  barrier(CLK_LOCAL_MEM_FENCE);\n  out[idx][idy] = in[idx][idy];\n}\n",
          "3:3", "ImageCL has no barriers");
}

TEST_CASE("two kernel functions, or a helper function, are rejected", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void a(Image<float> out) { out[idx][idy] = 1.0f; }\n__kernel void b(Image<float> out) { out[idx][idy] = 2.0f; }\n",
          "3:15", "exactly one __kernel function");
  rejects(kGrid + "float twice(float x) { return 2.0f * x; }\n__kernel void a(Image<float> out) { out[idx][idy] = twice(1.0f); }\n",
          "2:7", "no other functions");
}

TEST_CASE("an Image both read and written is rejected", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = out[idx][idy] + 1.0f;\n}\n", "3:3",
          "'out' is both read and written");
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] += 1.0f;\n}\n", "3:3", "both read and written");
}

TEST_CASE("forcing local memory on an index the analysis cannot bound is rejected", "[imagecl][compiler]") {
  rejects(kGrid + "#pragma imagecl force(local_memory, in, on)\n__kernel void k(Image<float> in, Image<float> out, int s) {\n"
                  "  out[idx][idy] = in[idx][s];\n}\n",
          "2:9", "the analysis cannot bound its index: bad.icl:4:");
}

TEST_CASE("work-item functions, return, aliasing and idz are rejected", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[get_global_id(0)][idy] = 1.0f;\n}\n", "3:7", "use idx and idy");
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  if (idx > 4) return;\n  out[idx][idy] = 1.0f;\n}\n", "3:16",
          "'return' is not allowed");
  rejects(kGrid + "__kernel void k(Image<float> in, Image<float> out) {\n  const float* p = &in[idx][idy];\n  out[idx][idy] = *p;\n}\n",
          "3:20", "forbids aliasing");
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = idz;\n}\n", "3:19", "idz needs a 3-D grid");
}

TEST_CASE("bad pragmas and a missing grid are rejected", "[imagecl][compiler]") {
  rejects("#pragma imagecl grid(out)\n#pragma imagecl tile(4)\n__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "2:9",
          "unknown ImageCL pragma 'tile'");
  rejects("#pragma imagecl grid(out)\n#pragma imagecl boundary(out, mirror)\n__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n",
          "2:9", "unknown boundary 'mirror'");
  rejects("__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "1:15", "no grid");
}

TEST_CASE("C++ errors from Clang keep the ImageCL file's line and column", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = undefined_name;\n}\n", "3:19", "undeclared identifier");
}
