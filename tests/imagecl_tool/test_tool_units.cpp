// The parts of `filterlab imagecl` that need no device: the judge (it must fail on a wrong pixel),
// the tuning database (user records and the `run tuning` experiment's results), the choice of a
// configuration, and the parsing of --args.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "error.hpp"
#include "imagecl/embedded.hpp"
#include "imagecl/host_runtime.hpp"
#include "imagecl/space.hpp"
#include "imagecl/tuning_db.hpp"
#include "imagecl/user_check.hpp"
#include "imagecl/user_io.hpp"

using namespace filterlab;
using namespace filterlab::imagecl;

namespace {

ocl::DeviceInfo fake_device(const std::string& slug) {
  ocl::DeviceInfo d;
  d.platform = "Test", d.name = "device " + slug, d.slug = slug;
  d.max_work_group_size = 1024, d.local_mem_bytes = 65536, d.constant_mem_bytes = 65536, d.image_support = true;
  return d;
}

std::string temp_path(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("filterlab-tool-units-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

std::string embedded_sha(const std::string& kernel) {
  for (std::size_t i = 0; i < kEmbeddedKernelCount; ++i)
    if (kernel == kEmbeddedKernels[i].name) return opencl_identity(kEmbeddedKernels[i].opencl);
  return "";
}

}  // namespace

TEST_CASE("the judge: integer pixels exact, float ones within the stated tolerance", "[imagecl_tool]") {
  const auto& s = kernel_space("conv2d_u8");  // out: uchar
  ref::Image want(3, 2, 7.0f), got = want;
  CHECK(judge(s, {{"out", got}}, {{"out", want}}).passed);
  got.at(2, 1) = 8.0f;  // one pixel one unit off
  const auto j = judge(s, {{"out", got}}, {{"out", want}});
  CHECK_FALSE(j.passed);
  CHECK(j.max_diff == 1.0);
  CHECK(j.where.find("out (2, 1)") == 0);

  const auto& f = kernel_space("harris_response");  // dst: float
  ref::Image r(2, 1, 1000.0f), d = r;
  d.at(1, 0) = 1000.0f + 0.009f;  // 9e-6 relative: inside 1e-5 x 1000
  CHECK(judge(f, {{"dst", d}}, {{"dst", r}}).passed);
  d.at(1, 0) = 1000.0f + 0.02f;  // 2e-5 relative: outside
  CHECK_FALSE(judge(f, {{"dst", d}}, {{"dst", r}}).passed);
  CHECK(judge(f, {{"dst", d}}, {{"dst", r}}, 1e-4).passed);  // --tolerance
  d.at(1, 0) = NAN;
  CHECK_FALSE(judge(f, {{"dst", d}}, {{"dst", r}}).passed);
}

TEST_CASE("the tuning database keeps one record per source and device", "[imagecl_tool]") {
  const auto db = temp_path("tuning.json");
  std::remove(db.c_str());
  CHECK_FALSE(lookup_tuned(db, "aaaa", "k", "", "dev-a").has_value());  // no file: no record, no error
  record_tuned(db, "aaaa", "k", "k.icl", fake_device("dev-a"), {{"id", "imagecl.k/one"}, {"time_ms", 2.0}});
  record_tuned(db, "aaaa", "k", "k.icl", fake_device("dev-b"), {{"id", "imagecl.k/two"}, {"time_ms", 3.0}});
  record_tuned(db, "bbbb", "k", "k2.icl", fake_device("dev-a"), {{"id", "imagecl.k/three"}, {"time_ms", 4.0}});
  record_tuned(db, "aaaa", "k", "k.icl", fake_device("dev-a"), {{"id", "imagecl.k/four"}, {"time_ms", 1.5}});
  CHECK(lookup_tuned(db, "aaaa", "k", "", "dev-a")->id == "imagecl.k/four");  // the latest tune replaces
  CHECK(lookup_tuned(db, "aaaa", "k", "", "dev-b")->id == "imagecl.k/two");
  CHECK(lookup_tuned(db, "bbbb", "k", "", "dev-a")->id == "imagecl.k/three");
  CHECK_FALSE(lookup_tuned(db, "aaaa", "k", "", "dev-c").has_value());
  std::ofstream(db) << "{not json";
  CHECK_THROWS_WITH(lookup_tuned(db, "aaaa", "k", "", "dev-a"), Catch::Contains("is not JSON"));
}

TEST_CASE("the `run tuning` result answers for a built-in kernel", "[imagecl_tool]") {
  const auto& s = kernel_space("conv2d_u8");
  Config fast = default_config(s, fake_device("dev-a")), slow = fast;
  fast[0] = 16;  // wg_x
  const auto path = temp_path("experiment.json");
  nlohmann::json j = {
      {"schema", "filterlab.result/1"}, {"experiment", "tuning"}, {"provenance", {{"device_slug", "dev-a"}}}};
  j["best"]["imagecl.conv2d_u8"] = {{"id", config_id(s, slow)}, {"time_ms", 2.0}};
  j["best"]["imagecl.conv2d_u8:wide"] = {{"id", config_id(s, fast)}, {"time_ms", 1.0}};
  j["best"]["imagecl.conv2d_u8x"] = {{"id", "other"}, {"time_ms", 0.5}};  // another kernel's prefix
  j["best"]["imagecl.sepconv_row"] = nullptr;
  std::ofstream(path) << j.dump();
  const auto sha = embedded_sha("conv2d_u8");
  const auto t = lookup_tuned(path, "any", "conv2d_u8", sha, "dev-a");
  REQUIRE(t.has_value());
  CHECK(t->id == config_id(s, fast));
  CHECK_FALSE(lookup_tuned(path, "any", "conv2d_u8", "another-sha", "dev-a").has_value());  // not the embedded kernel
  CHECK_FALSE(lookup_tuned(path, "any", "conv2d_u8", sha, "dev-b").has_value());            // another device's result
  const auto c = choose_config(s, "any", sha, fake_device("dev-a"), path);
  CHECK(c.tuned);
  CHECK(c.config == fast);
  CHECK_THROWS_WITH(record_tuned(path, "a", "k", "k.icl", fake_device("dev-a"), {{"id", "x"}, {"time_ms", 1.0}}),
                    Catch::Contains("is not a user tuning database"));
}

TEST_CASE("a `run tuning` result of schema_version 2 answers by its variant_id", "[imagecl_tool]") {
  const auto& s = kernel_space("conv2d_u8");
  Config fast = default_config(s, fake_device("dev-a")), slow = fast;
  fast[0] = 16;  // wg_x
  const auto path = temp_path("experiment-v2.json");
  nlohmann::json j = {{"schema", "filterlab.result/2"},
                      {"schema_version", 2},
                      {"experiment", "tuning"},
                      {"provenance", {{"device_slug", "dev-a"}}}};
  j["best"]["imagecl.conv2d_u8"] = {{"variant_id", config_id(s, slow)}, {"time_ms", 2.0}};
  j["best"]["imagecl.conv2d_u8:wide"] = {{"variant_id", config_id(s, fast)}, {"time_ms", 1.0}};
  std::ofstream(path) << j.dump();
  const auto t = lookup_tuned(path, "any", "conv2d_u8", embedded_sha("conv2d_u8"), "dev-a");
  REQUIRE(t.has_value());
  CHECK(t->id == config_id(s, fast));
}

TEST_CASE("the OpenCL's identity ignores the path in its first comment", "[imagecl_tool]") {
  const std::string body = "__kernel void k() {}\n";
  CHECK(opencl_identity("// Generated by filterlab-imagecl from a/k.icl (kernel k). Do not edit.\n" + body) ==
        opencl_identity("// Generated by filterlab-imagecl from /home/u/k.icl (kernel k). Do not edit.\n" + body));
  CHECK(opencl_identity("// Generated by filterlab-imagecl from a/k.icl\n" + body) !=
        opencl_identity("// other\n" + body));
}

TEST_CASE("the configuration falls back to the default, saying why", "[imagecl_tool]") {
  const auto& s = kernel_space("conv2d_u8");
  const auto dev = fake_device("dev-a");
  const auto db = temp_path("fallback.json");
  std::remove(db.c_str());
  auto c = choose_config(s, "cccc", "", dev, db);
  CHECK_FALSE(c.tuned);
  CHECK(c.id.find("imagecl.conv2d_u8/wg32x4/c1x1/") == 0);
  CHECK(c.why.find("no tuning result for dev-a") != std::string::npos);
  record_tuned(db, "cccc", "conv2d_u8", "k.icl", dev, {{"id", "imagecl.conv2d_u8/wg3x3"}, {"time_ms", 1.0}});
  c = choose_config(s, "cccc", "", dev, db);
  CHECK_FALSE(c.tuned);
  CHECK(c.why.find("not a configuration of this compilation") != std::string::npos);
  auto small = dev;
  small.max_work_group_size = 16;  // the default work-group shrinks until the device takes it
  const auto d = default_config(s, small);
  CHECK(violation(s, d, small).empty());
}

TEST_CASE("the kernel arguments from --args: every scalar and array once, numbers only", "[imagecl_tool]") {
  const auto& s = kernel_space("harris_response");  // dx, dy (inputs), dst, k (scalar)
  const auto img = temp_path("one.pfm");
  {
    std::ofstream out(img, std::ios::binary);
    out << "Pf\n2 1\n-1.0\n";
    const float px[2] = {1.0f, 2.0f};
    out.write(reinterpret_cast<const char*>(px), sizeof px);
  }
  const auto u = user_inputs(s, {img, img}, {"k=0.04"});
  CHECK(u.values.at("k").scalar == Approx(0.04));
  CHECK(u.images.at("dst").width == 2);
  CHECK(user_inputs(s, {img, img}, {"k=0.04"}, "5x3").images.at("dst").height == 3);
  CHECK_THROWS_WITH(user_inputs(s, {img, img}, {"k=0.04", "k=1"}), Catch::Contains("gives 'k' twice"));
  CHECK_THROWS_WITH(user_inputs(s, {img, img}, {"k=1e999"}), Catch::Contains("is not a finite number"));
  CHECK_THROWS_WITH(user_inputs(s, {img, img}, {"k=0.04"}, "5by3"), Catch::Contains("is not WIDTHxHEIGHT"));
  CHECK_THROWS_WITH(user_inputs(s, {img}, {"k=0.04"}), Catch::Contains("reads 2 Image(s) (dx, dy) but 1 --input"));
}

// Hostile tuning databases (issue 31): schema-checked on read and before a record, naming the file
// and the key (or the line of a parse error), never nlohmann's raw text or a read of a missing key.
TEST_CASE("a tuning database of the wrong shape is refused naming the file and the key", "[imagecl_tool][bad-input]") {
  const auto db = temp_path("shape.json");
  const auto with = [&](const std::string& text) {
    std::ofstream(db) << text;
    return db;
  };
  const std::string head =
      R"({"schema": "filterlab.imagecl-tuning/1", "kernels": {"aaaa": {"kernel": "k", "devices": {"dev-a": )";
  CHECK_THROWS_WITH(lookup_tuned(with(R"({"schema": "filterlab.imagecl-tuning/1"})"), "aaaa", "k", "", "dev-a"),
                    "the tuning database " + db + " has no \"kernels\" key: repair or delete it");
  CHECK_THROWS_WITH(
      lookup_tuned(with(R"({"schema": "filterlab.imagecl-tuning/1", "kernels": []})"), "aaaa", "k", "", "dev-a"),
      Catch::StartsWith("the tuning database " + db + " holds [] at \"kernels\", not an object"));
  CHECK_THROWS_WITH(lookup_tuned(with(head + R"({"id": 5, "time_ms": 1.0}}}}})"), "aaaa", "k", "", "dev-a"),
                    "the tuning database " + db +
                        " holds 5 at kernels[\"aaaa\"].devices[\"dev-a\"].id, not a configuration ID: "
                        "repair that entry or delete the file (`imagecl tune` records it again)");
  CHECK_THROWS_WITH(
      lookup_tuned(with(head + R"({"id": "imagecl.k/one", "time_ms": -5}}}}})"), "aaaa", "k", "", "dev-a"),
      Catch::Contains("holds -5 at kernels[\"aaaa\"].devices[\"dev-a\"].time_ms, not a time"));
  CHECK_THROWS_WITH(lookup_tuned(with(head + R"({"id": "imagecl.k/one"}}}}})"), "aaaa", "k", "", "dev-a"),
                    Catch::Contains("holds null at kernels[\"aaaa\"].devices[\"dev-a\"].time_ms, not a time"));
  // A wrong entry of another kernel or device is refused too: the file is damaged as a whole.
  CHECK_THROWS_WITH(
      lookup_tuned(with(head + R"({"id": "imagecl.k/one", "time_ms": 1}, "dev-b": "x"}}}})"), "aaaa", "k", "", "dev-a"),
      Catch::Contains("holds \"x\" at kernels[\"aaaa\"].devices[\"dev-b\"], not an object"));
  CHECK_THROWS_WITH(record_tuned(with(R"({"schema": "filterlab.imagecl-tuning/1", "kernels": {"aaaa": 3}})"), "aaaa",
                                 "k", "k.icl", fake_device("dev-a"), {{"id", "imagecl.k/one"}, {"time_ms", 1.0}}),
                    Catch::Contains("holds 3 at kernels[\"aaaa\"], not an object"));
  CHECK_THROWS_WITH(lookup_tuned(with("{\n  \"schema\": \"filterlab.imagecl-tuning/1\",\n  \"kernels\": {\n  }\n"),
                                 "aaaa", "k", "", "dev-a"),
                    Catch::StartsWith("the tuning database " + db + " is not JSON (parse error at line ") &&
                        !Catch::Contains("json.exception"));
}

TEST_CASE("a tuning database path that is a directory is refused before a search and without a lock beside it",
          "[imagecl_tool][bad-input]") {
  const auto dir = temp_path("db-dir");
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir + ".lock");
  const std::string message = "the tuning database " + dir + " is a directory, not a file";
  CHECK_THROWS_WITH(check_tuning_db(dir), Catch::StartsWith(message));
  CHECK_THROWS_WITH(lookup_tuned(dir, "aaaa", "k", "", "dev-a"), Catch::StartsWith(message));
  CHECK_THROWS_WITH(
      record_tuned(dir, "aaaa", "k", "k.icl", fake_device("dev-a"), {{"id", "imagecl.k/one"}, {"time_ms", 1.0}}),
      Catch::StartsWith(message));
  CHECK_FALSE(std::filesystem::exists(dir + ".lock"));
  const auto fresh = temp_path("fresh-dir/tuning.json");
  std::remove(fresh.c_str());
  CHECK_NOTHROW(check_tuning_db(fresh));  // no file yet: it will be created
}

TEST_CASE("a `run tuning` result with a wrong-typed row is refused naming the row", "[imagecl_tool][bad-input]") {
  const auto path = temp_path("experiment-bad.json");
  nlohmann::json j = {
      {"schema", "filterlab.result/2"}, {"experiment", "tuning"}, {"provenance", {{"device_slug", "dev-a"}}}};
  j["best"]["imagecl.conv2d_u8"] = {{"variant_id", 7}, {"time_ms", 2.0}};
  std::ofstream(path) << j.dump();
  CHECK_THROWS_WITH(lookup_tuned(path, "any", "conv2d_u8", embedded_sha("conv2d_u8"), "dev-a"),
                    Catch::StartsWith("the tuning database " + path +
                                      " holds 7 at best[\"imagecl.conv2d_u8\"].variant_id, not a configuration ID"));
}
