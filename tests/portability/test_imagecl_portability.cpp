// The portability experiment end to end on a tiny scale: every source device's tuned configuration
// is either timed (verified first) or recorded as unsupported with the target's reason.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>

#include "experiments/imagecl_portability.hpp"
#include "opencl_fixture.hpp"

namespace fs = std::filesystem;
using filterlab::ImageclPortabilityRunConfig;
using filterlab::run_imagecl_portability;

namespace {

// A tuning result as the tuning experiment writes it, reduced to what the experiment reads: the
// full-space best and, optionally, a sub-space's best.
void write_tuning(const fs::path& path, const std::string& device, const std::string& variant_id,
                  const std::string& sub_id = "", double sub_ms = 0) {
  nlohmann::json tuning = {
      {"experiment", "tuning"},
      {"provenance", {{"device", device}, {"device_type", "GPU"}, {"commit", std::string(40, 'a')}}},
      {"best", {{"imagecl.conv2d_u8", {{"variant_id", variant_id}, {"time_ms", 1.5}, {"found_by", "test"}}}}}};
  if (!sub_id.empty()) tuning["best"]["imagecl.conv2d_u8:sub"] = {{"variant_id", sub_id}, {"time_ms", sub_ms}};
  std::ofstream(path) << tuning.dump(1);
}

// The 8-bit convolution at 1/8 scale, 2 repetitions: the result file's path and its JSON.
std::pair<std::string, nlohmann::json> run_conv2d_u8(const fs::path& dir) {
  ImageclPortabilityRunConfig cfg;
  cfg.results_dir = dir.string();
  cfg.benchmarks = "conv2d_u8";
  cfg.scale = 8;
  cfg.repetitions = 2;
  cfg.warmup = 0;
  const auto path = run_imagecl_portability(filterlab::test::runtime().device, cfg);
  std::ifstream in(path);
  return {path, nlohmann::json::parse(in)};
}

}  // namespace

TEST_CASE("imagecl_portability times a source's configuration and names one the device cannot run") {
  const auto& rt = filterlab::test::runtime();
  const fs::path dir = fs::temp_directory_path() / ("filterlab-portability-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "tuning");
  const std::string rest = "/il1/image_in0/image_out0/constant_k1/local_in0/unroll_0x5/unroll_1x5";
  write_tuning(dir / "tuning" / "source-fits.json", "Fits", "imagecl.conv2d_u8/wg16x4/c4x1" + rest);
  // 256 x 64 = 16384 work-items: beyond every OpenCL device's limit (PoCL 4096, GPUs 1024).
  write_tuning(dir / "tuning" / "source-too-wide.json", "Too wide", "imagecl.conv2d_u8/wg256x64/c1x1" + rest);

  const auto [path, result] = run_conv2d_u8(dir);
  REQUIRE(path == (dir / "imagecl_portability" / (rt.device.info.slug + ".json")).string());

  REQUIRE(result["experiment"] == "imagecl_portability");
  // The configuration uses the paper's transformations only: shipped as both sets, timed twice.
  REQUIRE(result["rows"].size() == 2);
  const auto& row = result["rows"][0];
  CHECK(row["transformations"] == "filterlab");
  CHECK(result["rows"][1]["transformations"] == "paper");
  CHECK(result["rows"][1]["variant_id"] == row["variant_id"]);
  CHECK(result["rows"][1]["case_id"] == row["case_id"].get<std::string>() + "/paper");
  CHECK(row["source_device_slug"] == "source-fits");
  CHECK(row["source_device"] == "Fits");
  CHECK(row["own"] == false);
  CHECK(row["width"] == 1024);
  CHECK(row["source_time_ms"] == 1.5);
  CHECK(row["variant_id"] == "imagecl.conv2d_u8/wg16x4/c4x1" + rest);
  CHECK(row["case_id"] == "imagecl.conv2d_u8/wg16x4/c4x1" + rest + "/1024x1024/from:source-fits");
  CHECK(row["kernel_ms"]["n"] == 2);
  CHECK(row["samples_wall_ms"].size() == 2);

  REQUIRE(result["unsupported"].size() == 2);
  const auto& u = result["unsupported"][0];
  CHECK(u["source_device_slug"] == "source-too-wide");
  CHECK(u["kind"] == "device_limit");
  CHECK(u["unsupported"].get<std::string>().find("work-group of 16384 work-items") != std::string::npos);
  CHECK(result["missing"].empty());
  REQUIRE(result["provenance"]["sources"].size() == 2);
  CHECK(result["provenance"]["scale"] == 8);
  fs::remove_all(dir);
}

TEST_CASE("imagecl_portability ships the paper's transformations alone beside FilterLab's extensions") {
  const fs::path dir = fs::temp_directory_path() / ("filterlab-portability-paper-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "tuning");
  const std::string rest = "/il0/image_in0/image_out0/constant_k1/local_in0/unroll_0x5/unroll_1x5";
  // The full-space best uses the interior split (an extension); the sub-space's best does not.
  write_tuning(dir / "tuning" / "mixed.json", "Mixed", "imagecl.conv2d_u8/wg16x4/c4x1" + rest + "/interior1",
               "imagecl.conv2d_u8/wg8x4/c2x1" + rest, 2.5);
  // Only an extension configuration: the paper set has nothing to ship and says why.
  write_tuning(dir / "tuning" / "only-ext.json", "Only extensions",
               "imagecl.conv2d_u8/wg16x4/c4x1" + rest + "/interior1");
  const auto result = run_conv2d_u8(dir).second;
  std::map<std::string, std::string> ids;
  for (const auto& r : result["rows"])
    ids[r["source_device_slug"].get<std::string>() + ":" + r["transformations"].get<std::string>()] = r["variant_id"];
  INFO(result["unsupported"].dump());
  CHECK(ids.size() == 3);
  CHECK(ids["mixed:filterlab"] == "imagecl.conv2d_u8/wg16x4/c4x1" + rest + "/interior1");
  CHECK(ids["mixed:paper"] == "imagecl.conv2d_u8/wg8x4/c2x1" + rest);
  CHECK(ids["only-ext:filterlab"] == "imagecl.conv2d_u8/wg16x4/c4x1" + rest + "/interior1");
  REQUIRE(result["missing"].size() == 1);
  CHECK(result["missing"][0]["source_device_slug"] == "only-ext");
  CHECK(result["missing"][0]["transformations"] == "paper");
  CHECK(result["missing"][0]["reason"].get<std::string>().find("paper's transformations only") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("imagecl_portability refuses a results directory without tuning results") {
  const fs::path dir = fs::temp_directory_path() / ("filterlab-portability-empty-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ImageclPortabilityRunConfig cfg;
  cfg.results_dir = dir.string();
  REQUIRE_THROWS_WITH(run_imagecl_portability(filterlab::test::runtime().device, cfg),
                      Catch::Contains("no tuning result in") && Catch::Contains("filterlab run tuning"));
  CHECK_FALSE(fs::exists(dir / "imagecl_portability"));
  fs::remove_all(dir);
}
