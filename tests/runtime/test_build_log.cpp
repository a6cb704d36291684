// Build logs point at the .cl file and its own line, not at the concatenated program's.
#include <catch2/catch.hpp>

#include "ocl/build_log.hpp"
#include "ocl/program.hpp"

using namespace filterlab::ocl;

TEST_CASE("program lines map back to each file's own lines", "[build-log][bad-input]") {
  const auto src = load_program_source({"common/border.cl", "scharr/gradient.cl"}, {{"taps.cl", "a\nb\n"}});
  REQUIRE(src.spans.size() == 3);
  // Every line of every file is found at the program line the spans give it.
  std::vector<std::string> program;
  std::size_t start = 0;
  for (std::size_t nl; (nl = src.text.find('\n', start)) != std::string::npos; start = nl + 1)
    program.push_back(src.text.substr(start, nl - start));
  for (const auto& span : src.spans) {
    CHECK(program[static_cast<std::size_t>(span.first_line) - 2] == "// ---- " + span.file);
    CHECK(source_location(src.spans, span.first_line) == span.file + ":1");
  }
  const auto& grad = src.spans[2];
  CHECK(grad.file == "scharr/gradient.cl");
  CHECK(source_location(src.spans, grad.first_line + 116) == "scharr/gradient.cl:117");
  CHECK(source_location(src.spans, grad.first_line - 1).empty());  // the header line belongs to no file
}

TEST_CASE("PoCL, NVIDIA and AMD log locations are rewritten, other text kept", "[build-log][bad-input]") {
  const std::vector<SourceSpan> spans{{"common/border.cl", 2, 100}, {"scharr/gradient.cl", 103, 200}};
  CHECK(map_build_log("error: /root/.cache/pocl/kcache/tempfile_xao0ZI.cl:265:1: program scope variable", spans) ==
        "error: scharr/gradient.cl:163:1: program scope variable");
  CHECK(map_build_log("<kernel>:50:7: error: use of undeclared identifier 'q'\n<kernel>:104:2: warning: x", spans) ==
        "common/border.cl:49:7: error: use of undeclared identifier 'q'\nscharr/gradient.cl:2:2: warning: x");
  CHECK(map_build_log("/tmp/comgr-1/input/CompileSource:110:3: error: e", spans) == "scharr/gradient.cl:8:3: error: e");
  CHECK(map_build_log("tempfile.cl:999:1: beyond every file", spans) == "tempfile.cl:999:1: beyond every file");
  CHECK(map_build_log("1 error generated.", spans) == "1 error generated.");
}
