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
  const bool located = r.diagnostics.find("bad.icl:" + where + ": error: ") != std::string::npos ||
                       r.diagnostics.find("bad.icl:" + where + ": fatal error: ") != std::string::npos;
  CHECK(located);
  CHECK(r.diagnostics.find(reason) != std::string::npos);
}

const std::string kGrid = "#pragma imagecl grid(out)\n";

}  // namespace

TEST_CASE("barriers are rejected", "[imagecl][compiler]") {
  rejects(kGrid +
              "__kernel void k(Image<float> in, Image<float> out) {\n  barrier(CLK_LOCAL_MEM_FENCE);\n  out[idx][idy] "
              "= in[idx][idy];\n}\n",
          "3:3", "ImageCL has no barriers");
}

TEST_CASE("two kernel functions, or a helper function using the kernel's context, are rejected",
          "[imagecl][compiler]") {
  rejects(kGrid +
              "__kernel void a(Image<float> out) { out[idx][idy] = 1.0f; }\n__kernel void b(Image<float> out) { "
              "out[idx][idy] = 2.0f; }\n",
          "3:15", "exactly one __kernel function");
  rejects(kGrid +
              "float at(float x) { return 2.0f * x + idx; }\n__kernel void a(Image<float> out) { out[idx][idy] = "
              "at(1.0f); }\n",
          "2:39", "'idx' is the kernel's: a helper function cannot use it");
}

TEST_CASE("an Image both read and written is rejected", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = out[idx][idy] + 1.0f;\n}\n", "3:3",
          "'out' is both read and written");
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] += 1.0f;\n}\n", "3:3", "both read and written");
}

TEST_CASE("forcing local memory on an index the analysis cannot bound is rejected", "[imagecl][compiler]") {
  rejects(
      kGrid +
          "#pragma imagecl force(local_memory, in, on)\n__kernel void k(Image<float> in, Image<float> out, int s) {\n"
          "  out[idx][idy] = in[idx][s];\n}\n",
      "2:9", "the analysis cannot bound its index: bad.icl:4:");
}

TEST_CASE("work-item functions, return, aliasing and idz are rejected", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[get_global_id(0)][idy] = 1.0f;\n}\n", "3:7",
          "use idx and idy");
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  if (idx > 4) return;\n  out[idx][idy] = 1.0f;\n}\n", "3:16",
          "'return' is not allowed");
  rejects(kGrid +
              "__kernel void k(Image<float> in, Image<float> out) {\n  const float* p = &in[idx][idy];\n  "
              "out[idx][idy] = *p;\n}\n",
          "3:20", "forbids aliasing");
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = idz;\n}\n", "3:19", "idz needs a 3-D grid");
}

TEST_CASE("bad pragmas and a missing grid are rejected", "[imagecl][compiler]") {
  rejects(
      "#pragma imagecl grid(out)\n#pragma imagecl tile(4)\n__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; "
      "}\n",
      "2:9", "unknown ImageCL pragma 'tile'");
  rejects(
      "#pragma imagecl grid(out)\n#pragma imagecl boundary(out, mirror)\n__kernel void k(Image<float> out) { "
      "out[idx][idy] = 1.0f; }\n",
      "2:9", "unknown boundary 'mirror'");
  rejects("__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "1:15", "no grid");
}

TEST_CASE("C++ errors from Clang keep the ImageCL file's line and column", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) {\n  out[idx][idy] = undefined_name;\n}\n", "3:19",
          "undeclared identifier");
}

namespace {
// Compiles `text` as good.icl and requires success (a hint's suggested form must be accepted).
void accepts(const std::string& text) {
  const auto r = filterlab::imagecl::compile("good.icl", text);
  INFO(r.diagnostics);
  CHECK(r.ok);
}
const std::string kCopy = "__kernel void k(Image<float> in, Image<float> out) { out[idx][idy] = in[idx - 1][idy]; }\n";
}  // namespace

TEST_CASE("a misspelled or foreign pragma is an error naming it, never dropped", "[imagecl][compiler]") {
  rejects("#pragma imagecl grid(out)\n#pragma imagcl boundary(in, clamped)\n" + kCopy, "2:9",
          "unknown pragma 'imagcl': did you mean '#pragma imagecl'?");
  rejects("#pragma imcl grid(out)\n#pragma imlc boundary_cond(in:clamped)\n" + kCopy, "2:9",
          "did you mean '#pragma imcl'?");
  rejects("#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n#pragma omp parallel for\n" + kCopy, "3:9",
          "'#pragma omp' is not an ImageCL pragma");
  rejects(
      "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n"
      "__kernel void k(Image<float> in, Image<float> out) {\n  float s = 0.0f;\n#pragma unroll\n"
      "  for (int i = 0; i < 3; i++) s += in[idx + i][idy];\n  out[idx][idy] = s;\n}\n",
      "5:9", "'#pragma unroll' is not an ImageCL pragma");
  rejects("#pragma imcl grid(out)\n#pragma imcl boundary_cond(in:mirror)\n" + kCopy, "2:9",
          "unknown boundary 'mirror'");
}

TEST_CASE("the boundary hint suggests forms that are accepted", "[imagecl][compiler]") {
  const auto r = filterlab::imagecl::compile(
      "bad.icl", "#pragma imagecl grid(out)\n#pragma imagecl boundary(in, mirror)\n" + kCopy);
  CHECK_FALSE(r.ok);
  for (const std::string form : {"boundary(in, constant, 0)", "boundary(in, clamped)", "boundary(in, reflect101)",
                                 "boundary(in, reflect)", "boundary(in, wrap)"}) {
    CHECK(r.diagnostics.find(form) != std::string::npos);
    accepts("#pragma imagecl grid(out)\n#pragma imagecl " + form + "\n" + kCopy);
  }
}

TEST_CASE("reads the stencil proves outside an Image without a boundary are errors", "[imagecl][compiler]") {
  rejects("#pragma imagecl grid(out)\n" + kCopy, "2:70",
          "goes outside it (idx -1 at idx = 0) and 'in' has no boundary condition");
  // +1 in x is outside at the last column when the grid is over the Image (one size).
  rejects(
      "#pragma imagecl grid(in, out)\n__kernel void k(Image<float> in, Image<float> out) {\n"
      "  out[idx][idy] = in[idx][idy + 1];\n}\n",
      "3:19", "(idy + 1 at the last row)");
  // Through a constant-range loop, too.
  rejects(
      "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n  float s = 0.0f;\n"
      "  for (int i = -2; i <= 0; i++) s += in[idx + i][idy];\n  out[idx][idy] = s;\n}\n",
      "4:38", "(idx -2 at idx = 0)");
  // Any affine index: at idx = idy = 0 it reads its constant part.
  rejects(
      "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n"
      "  out[idx][idy] = in[2 * idx - 1][idy];\n}\n",
      "3:19", "(column -1 at idx = idy = 0)");
  // The hint's form is accepted; a guarded read or a larger input (grid over out only) is not proven outside.
  accepts("#pragma imagecl grid(out)\n#pragma imagecl boundary(in, clamped)\n" + kCopy);
  accepts(
      "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n"
      "  float v = 0.0f;\n  if (idx > 0) v = in[idx - 1][idy];\n  out[idx][idy] = v;\n}\n");
  accepts(
      "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) { out[idx][idy] = in[idx + "
      "1][idy]; }\n");
  accepts(
      "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n  float v = 0.0f;\n"
      "  if (idx == 0) goto skip;\n  v = in[idx - 1][idy];\nskip:\n  out[idx][idy] = v;\n}\n");
}

TEST_CASE("C++-only syntax is rejected with the OpenCL C spelling", "[imagecl][compiler]") {
  const std::string head = "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n";
  rejects(head + "  const float* p = nullptr;\n  out[idx][idy] = in[idx][idy];\n}\n", "3:20",
          "'nullptr' is C++, not OpenCL C: use 0");
  rejects(head + "  auto v = in[idx][idy];\n  out[idx][idy] = v;\n}\n", "3:8", "'auto' is C++");
  rejects(head + "  int v = static_cast<int>(in[idx][idy]);\n  out[idx][idy] = v;\n}\n", "3:11",
          "use a C cast, (int)(value)");
  rejects(head + "  float v = in[idx][idy];\n  float& r = v;\n  out[idx][idy] = r;\n}\n", "4:10", "'r' is a reference");
  rejects(head + "  float v{in[idx][idy]};\n  out[idx][idy] = v;\n}\n", "3:9", "brace initialisation");
  rejects(head + "  int v = int(in[idx][idy]);\n  out[idx][idy] = v;\n}\n", "3:11", "use (int)(value)");
  rejects(head + "  float v(in[idx][idy]);\n  out[idx][idy] = v;\n}\n", "3:9", "constructor initialisation");
  rejects(head + "  auto twice = [](float x) { return 2.0f * x; };\n  out[idx][idy] = twice(in[idx][idy]);\n}\n",
          "3:16", "lambdas are C++");
  rejects(head + "  constexpr int n = 2;\n  out[idx][idy] = in[idx][idy] * n;\n}\n", "3:17", "'constexpr' is C++");
  rejects(head +
              "  float t[2] = {1.0f, 2.0f};\n  float s = 0.0f;\n  for (float v : t) s += v;\n  out[idx][idy] = s * "
              "in[idx][idy];\n}\n",
          "5:3", "range-based for");
  // The suggested spellings are accepted.
  accepts(head +
          "  const float* p = 0;\n  int v = (int)(in[idx][idy]);\n  float w = v;\n  const int n = 2;\n"
          "  out[idx][idy] = w * n + (p == 0 ? 0.0f : 1.0f);\n}\n");
}

TEST_CASE("labels in loops that can be unrolled and writable globals are rejected, helper functions accepted",
          "[imagecl][compiler]") {
  const std::string loop =
      "__kernel void k(Image<float> out) {\n  float s = 0.0f;\n  for (int i = 0; i < 4; i++) {\n"
      "    if (s > 2.0f) goto skip;\n    s += 1.0f;\n  skip:;\n  }\n  out[idx][idy] = s;\n}\n";
  rejects(kGrid + loop, "7:3", "label 'skip' inside a loop that can be unrolled");
  // The hint: unrolling that loop forced off.
  auto off = kGrid + loop;
  off.insert(off.find("  for"), "#pragma imagecl force(unroll, off)\n");
  accepts(off);

  accepts(
      "#pragma imcl grid(out)\nfloat twice(float x) { return 2.0f * x; }\nvoid k(Image<float> out) { out[idx][idy] = "
      "twice(1.0f); }\n");
  accepts(
      "#pragma imcl grid(out)\n#define TWICE(x) (2.0f * (x))\nvoid k(Image<float> out) { out[idx][idy] = TWICE(1.0f); "
      "}\n");
  rejects(kGrid + "float total = 0.0f;\n__kernel void k(Image<float> out) { out[idx][idy] = total; }\n", "2:7",
          "must be a constant table");
  rejects(kGrid + "struct P { float v; };\n__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "2:8",
          "only the kernel function, #define macros and constant tables");
  rejects(kGrid + "__kernel void k(Image<float> out, float g) {\n  g = g * 2.0f;\n  out[idx][idy] = g;\n}\n", "3:3",
          "scalar parameter 'g' is read-only");
  rejects(
      "#pragma imcl grid(out)\nvoid k(Image<float> out, int m[3][3]) {\n  const int* row = m[1];\n  out[idx][idy] = "
      "row[0];\n}\n",
      "3:20", "2-D array 'm' may only be indexed as m[i][j]");
  rejects(kGrid + "#include <math.h>\n__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "2:10",
          "'math.h' file not found");
}

TEST_CASE("messages: errors come before the count, an empty file is located in itself, grids over several Images",
          "[imagecl][compiler]") {
  const auto r = filterlab::imagecl::compile(
      "bad.icl", "#pragma imagecl grid(out)\n#pragma imagcl boundary(in, clamped)\n" + kCopy);
  const auto error = r.diagnostics.find("bad.icl:2:9: error:");
  const auto count = r.diagnostics.find("1 error generated.");
  REQUIRE(error != std::string::npos);
  REQUIRE(count != std::string::npos);
  CHECK(error < count);

  rejects("", "1:1", "no kernel function in bad.icl");
  rejects("// nothing but a comment\n", "1:1", "no kernel function in bad.icl");
  const auto empty = filterlab::imagecl::compile("bad.icl", "");
  CHECK(empty.diagnostics.find("input.cpp") == std::string::npos);

  rejects(
      "#pragma imagecl grid(a, nosuch)\n__kernel void k(Image<float> a, Image<float> out) { out[idx][idy] = "
      "a[idx][idy]; }\n",
      "1:9", "grid(nosuch): no Image parameter of that name");
  rejects(
      "#pragma imagecl grid(a, 64)\n__kernel void k(Image<float> a, Image<float> out) { out[idx][idy] = a[idx][idy]; "
      "}\n",
      "1:9", "need positive integer sizes (or only Image names");
  accepts(
      "#pragma imagecl grid(a, out)\n__kernel void k(Image<float> a, Image<float> out) { out[idx][idy] = a[idx][idy]; "
      "}\n");
}

TEST_CASE("an array sized by a file-scope constant is rejected (OpenCL C has no such constant expression)",
          "[imagecl][compiler]") {
  rejects("const int n = 3;\n" + kGrid +
              "__kernel void k(Image<float> out) {\n  float t[n];\n  t[0] = 1.0f;\n  out[idx][idy] = t[0];\n}\n",
          "4:11", "#define n instead");
  accepts("#define N 3\n" + kGrid +
          "__kernel void k(Image<float> out) {\n  float t[N];\n  t[0] = 1.0f;\n  out[idx][idy] = t[0];\n}\n");
}

TEST_CASE("a file-scope table must be initialised with constants", "[imagecl][compiler]") {
  rejects(
      "const float root2 = sqrt(2.0f);\n" + kGrid + "__kernel void k(Image<float> out) { out[idx][idy] = root2; }\n",
      "1:21", "the initializer of 'root2' is not a constant");
  accepts("const float root2 = 1.41421356f;\n" + kGrid +
          "__kernel void k(Image<float> out) { out[idx][idy] = root2; }\n");
}

TEST_CASE("more C++: decltype, attributes, alignas, digit separators, C++ lvalues", "[imagecl][compiler]") {
  const std::string head = "#pragma imagecl grid(out)\n__kernel void k(Image<float> in, Image<float> out) {\n";
  rejects(head + "  decltype(1.0f) v = in[idx][idy];\n  out[idx][idy] = v;\n}\n", "3:3", "'decltype' is C++");
  rejects(head + "  [[maybe_unused]] float q = 1.0f;\n  out[idx][idy] = in[idx][idy];\n}\n", "3:5",
          "C++ attributes and alignas");
  rejects(head + "  alignas(16) float v = in[idx][idy];\n  out[idx][idy] = v;\n}\n", "3:3",
          "C++ attributes and alignas");
  rejects(head + "  out[idx][idy] = in[idx][idy] + 1'000;\n}\n", "3:34", "the digit separator in 1'000");
  rejects(head + "  int i = 0;\n  ++i = 5;\n  out[idx][idy] = in[idx][idy] + i;\n}\n", "4:3",
          "in C++ but not in OpenCL C");
  rejects(head + "  float a = 0.0f, b = 0.0f;\n  (in[idx][idy] > 1.0f ? a : b) = 2.0f;\n  out[idx][idy] = a + b;\n}\n",
          "4:4", "in C++ but not in OpenCL C");
  accepts(head +
          "  float a = 0.0f, b = 0.0f;\n  if (in[idx][idy] > 1.0f) a = 2.0f; else b = 2.0f;\n  out[idx][idy] = a + "
          "b;\n}\n");
  // Pixel in the body is float in the OpenCL too.
  const auto r =
      filterlab::imagecl::compile("good.icl",
                                  "#pragma imcl grid(out)\nvoid k(Image in, Image out) {\n  Pixel p = in[idx][idy];\n"
                                  "  out[idx][idy] = p;\n}\n");
  INFO(r.diagnostics);
  REQUIRE(r.ok);
  CHECK(r.opencl.find("typedef float Pixel;") != std::string::npos);
}

TEST_CASE("string literals, and reads outside a volume in x or y, are rejected", "[imagecl][compiler]") {
  rejects(kGrid +
              "#define NAME(x) #x\n__kernel void k(Image<float> out) {\n  const char* s = NAME(abc);\n  out[idx][idy] "
              "= (float)s[0];\n}\n",
          "4:19", "string literals cannot be used");
  rejects(
      kGrid +
          "__kernel void k(Image<float, 3> in, Image<float, 3> out) { out[idx][idy][idz] = in[idx - 1][idy][idz]; }\n",
      "2:81", "goes outside it (idx -1 at idx = 0)");
}

TEST_CASE("columns stay exact after an untemplated Image and after a macro call no longer than its expansion",
          "[imagecl][compiler]") {
  rejects("#pragma imcl grid(out)\nvoid k(Image in, Image out) { out[idx][idy] = in[idx][idy] + no_such_value; }\n",
          "2:62", "undeclared identifier 'no_such_value'");
  rejects(
      "#define PIXEL_IN(x) in[x][idy]\n#pragma imcl grid(out)\n#pragma imcl boundary_cond(in:clamped)\n"
      "void k(Image in, Image out) { out[idx][idy] = PIXEL_IN(idx) + no_such_value; }\n",
      "4:63", "undeclared identifier 'no_such_value'");
}

TEST_CASE("every other rejection of the front end's C++ and of the dialect is located", "[imagecl][compiler]") {
  rejects(kGrid + "__kernel void k(Image<float> out) { float* p = new float[3]; out[idx][idy] = p[0]; }\n", "2:48",
          "'new' is C++");
  rejects(kGrid + "__kernel void k(Image<float> out, float* a) { delete a; out[idx][idy] = 1.0f; }\n", "2:47",
          "'delete' is C++");
  rejects(kGrid + "__kernel void k(Image<float> out) { if (idx < 0) throw 1; out[idx][idy] = 1.0f; }\n", "2:50",
          "'throw' is C++");
  rejects(kGrid + "__kernel void k(Image<float> out) { try { out[idx][idy] = 1.0f; } catch (...) {} }\n", "2:37",
          "'try' is C++");
  rejects(kGrid + "__kernel void k(Image<float> out, float v) { if (idx < 0) k(out, v); out[idx][idy] = 1.0f; }\n",
          "2:59", "the kernel cannot call itself");
  rejects(kGrid + "__kernel void k(Image<float> out) { static float c = 1.0f; out[idx][idy] = c; }\n", "2:50",
          "static local variables are not allowed");
  rejects(
      kGrid +
          "__kernel void k(Image<float> out, int s) {\n  switch (s) { case 0: out[idx][idy] = 0.0f; [[fallthrough]]; "
          "default: out[idx][idy] = 1.0f; }\n}\n",
      "3:46", "[[attributes]] are C++");
  rejects(kGrid + "__kernel void k(Image<float> out) { typedef float real; real r = 1.0f; out[idx][idy] = r; }\n",
          "2:51", "only variables may be declared in a kernel body");
  rejects(kGrid + "__kernel float k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "2:16", "must return void");
  rejects("const float icl_k = 1.0f;\n" + kGrid + "__kernel void k(Image<float> out) { out[idx][idy] = icl_k; }\n",
          "1:13", "names starting with icl_ are reserved");
  rejects("#pragma imcl grid(out)\nvoid k(Image<float> out, int (*m)[5]) { out[idx][idy] = m[0][0]; }\n", "2:32",
          "only T* m, T m[N] and T m[R][C] are supported");
  rejects("#pragma imcl grid(out)\nvoid k(Image<float> out, int m[2][2][2]) { out[idx][idy] = m[0][0][0]; }\n", "2:30",
          "only T* m, T m[N] and T m[R][C] are supported");
  rejects("#pragma imcl grid(out, vol)\nvoid k(Image<float> out, Image<float, 3> vol) { out[idx][idy] = 1.0f; }\n",
          "1:9", "the Images of a grid must have the same dimensions");
  rejects(
      "#pragma imcl grid(out)\n#pragma imcl boundary_cond(in)\nvoid k(Image<float> in, Image<float> out) { "
      "out[idx][idy] = in[idx][idy]; }\n",
      "2:9", "boundary_cond(in): write Image:constant");
  rejects("#error not ready\n" + kGrid + "__kernel void k(Image<float> out) { out[idx][idy] = 1.0f; }\n", "1:2",
          "not ready");
}

TEST_CASE("#pragma imagecl weights is validated strictly", "[imagecl][compiler][xform]") {
  const std::string body =
      "__kernel void k(Image<float> in, Image<float> out, const float* w) {\n  out[idx][idy] = w[0] * "
      "in[idx][idy];\n}\n";
  rejects(kGrid + "#pragma imagecl bound(w, 3)\n#pragma imagecl weights(w, 1, 2)\n" + body, "3:9",
          "gives 2 values but 'w' has 3 elements");
  rejects(kGrid + "#pragma imagecl weights(w, 1, x)\n" + body, "2:9", "'x' is not a number");
  rejects(kGrid + "#pragma imagecl weights(v, 1)\n" + body, "2:9", "weights(v, ...): no array parameter of that name");
  rejects(kGrid + "#pragma imagecl weights(w)\n" + body, "2:9", "takes (array, value, value, ...)");
  rejects(kGrid + "#pragma imagecl weights(w, 1)\n#pragma imagecl weights(w, 2)\n" + body, "3:9", "is given twice");
  rejects(kGrid +
              "#pragma imagecl weights(w, 1.5)\n__kernel void k(Image<float> in, Image<float> out, const int* w) {\n"
              "  out[idx][idy] = w[0] * in[idx][idy];\n}\n",
          "2:9", "'1.5' is not an integer");
  rejects(kGrid +
              "#pragma imagecl weights(w, 1)\n__kernel void k(Image<float> in, Image<float> out, float* w) {\n"
              "  w[0] = 2.0f;\n  out[idx][idy] = in[idx][idy];\n}\n",
          "2:9", "'w' is written in the kernel");
}
