// The portability experiment end to end on a tiny scale: every source device's tuned configuration
// is either timed (verified first) or recorded as unsupported with the target's reason.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "experiments/imagecl_portability.hpp"
#include "opencl_fixture.hpp"

namespace fs = std::filesystem;
using filterlab::ImageclPortabilityRunConfig;
using filterlab::run_imagecl_portability;

namespace {

// A tuning result as the tuning experiment writes it, reduced to what the experiment reads.
void write_tuning(const fs::path& path, const std::string& device, const std::string& variant_id) {
  const nlohmann::json tuning = {
      {"experiment", "tuning"},
      {"provenance", {{"device", device}, {"device_type", "GPU"}, {"commit", std::string(40, 'a')}}},
      {"best", {{"imagecl.conv2d_u8", {{"variant_id", variant_id}, {"time_ms", 1.5}, {"found_by", "test"}}}}}};
  std::ofstream(path) << tuning.dump(1);
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

  ImageclPortabilityRunConfig cfg;
  cfg.results_dir = dir.string();
  cfg.benchmarks = "conv2d_u8";
  cfg.scale = 8;
  cfg.repetitions = 2;
  cfg.warmup = 0;
  const auto path = run_imagecl_portability(rt.device, cfg);
  REQUIRE(path == (dir / "imagecl_portability" / (rt.device.info.slug + ".json")).string());
  std::ifstream in(path);
  const auto result = nlohmann::json::parse(in);

  REQUIRE(result["experiment"] == "imagecl_portability");
  REQUIRE(result["rows"].size() == 1);
  const auto& row = result["rows"][0];
  CHECK(row["source_device_slug"] == "source-fits");
  CHECK(row["source_device"] == "Fits");
  CHECK(row["own"] == false);
  CHECK(row["width"] == 1024);
  CHECK(row["source_time_ms"] == 1.5);
  CHECK(row["variant_id"] == "imagecl.conv2d_u8/wg16x4/c4x1" + rest);
  CHECK(row["case_id"] == "imagecl.conv2d_u8/wg16x4/c4x1" + rest + "/1024x1024/from:source-fits");
  CHECK(row["kernel_ms"]["n"] == 2);
  CHECK(row["samples_wall_ms"].size() == 2);

  REQUIRE(result["unsupported"].size() == 1);
  const auto& u = result["unsupported"][0];
  CHECK(u["source_device_slug"] == "source-too-wide");
  CHECK(u["kind"] == "device_limit");
  CHECK(u["unsupported"].get<std::string>().find("work-group of 16384 work-items") != std::string::npos);
  CHECK(result["missing"].empty());
  REQUIRE(result["provenance"]["sources"].size() == 2);
  CHECK(result["provenance"]["scale"] == 8);
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
