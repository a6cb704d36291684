// Kernel sources: embedded with their hashes, overridable from a directory, build failures explained.
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "error.hpp"
#include "ocl/kernel_resources.hpp"
#include "ocl/program.hpp"
#include "ocl/sha256.hpp"
#include "opencl_fixture.hpp"

using namespace filterlab;
namespace fs = std::filesystem;

TEST_CASE("embedded kernels carry the hash of their text", "[program][opencl]") {
  const auto src = ocl::load_program_source({"scharr/gradient.cl"});
  CHECK(src.origin == "embedded");
  CHECK(src.hashes.at("scharr/gradient.cl") == ocl::embedded_hash("scharr/gradient.cl"));
  CHECK(src.sha256 == sha256_hex(src.text));
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK_THROWS_WITH(ocl::load_program_source({"nosuch.cl"}), Catch::Contains("not embedded"));
}

TEST_CASE("a broken kernel from the override directory fails with its build log", "[program][opencl]") {
  auto& rt = test::runtime();
  const auto dir = fs::temp_directory_path() / ("filterlab-kernels-" + std::to_string(::getpid()));
  fs::create_directories(dir / "common");
  std::ofstream(dir / "common" / "border.cl") << "kernel void broken(global int* p) { p[0] = undefined_symbol; }\n";
  ocl::set_kernel_dir(dir.string());
  const auto src = ocl::load_program_source({"common/border.cl"});
  CHECK(src.origin == dir.string());
  CHECK_THROWS_WITH(ocl::build_program(rt.context, rt.device, src, "-DFL_BORDER=1"),
                    Catch::Contains("kernel build failed") && Catch::Contains("build log") &&
                        Catch::Contains("undefined_symbol") && Catch::Contains("-DFL_BORDER=1"));
  ocl::set_kernel_dir("");
  fs::remove_all(dir);
}

TEST_CASE("programs are cached per source, options and device", "[program][opencl]") {
  auto& rt = test::runtime();
  const auto src = ocl::load_program_source({"common/border.cl", "probe/border_probe.cl"});
  const auto a = ocl::build_program(rt.context, rt.device, src, "-DFL_BORDER=2");
  const auto b = ocl::build_program(rt.context, rt.device, src, "-DFL_BORDER=2");
  const auto c = ocl::build_program(rt.context, rt.device, src, "-DFL_BORDER=3");
  CHECK(a() == b());
  CHECK(a() != c());
}

TEST_CASE("programs built from many threads at once: one build per key, shared, errors to every caller",
          "[program][opencl]") {
  auto& rt = test::runtime();
  const auto src = ocl::load_program_source({"common/border.cl", "probe/border_probe.cl"});
  std::vector<cl_program> got(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i)  // two keys, four threads each
    threads.emplace_back(
        [&, i] { got[i] = ocl::build_program(rt.context, rt.device, src, "-DFL_BORDER=" + std::to_string(i % 2))(); });
  for (auto& t : threads) t.join();
  for (std::size_t i = 2; i < got.size(); ++i) CHECK(got[i] == got[i % 2]);
  CHECK(got[0] != got[1]);

  ocl::GeneratedSource broken{"broken.cl", "kernel void broken(global int* p) { p[0] = undefined_symbol; }\n"};
  const auto bad = ocl::load_program_source({}, {broken});
  std::atomic<int> errors{0};
  threads.clear();
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&] {
      try {
        ocl::build_program(rt.context, rt.device, bad, "");
      } catch (const Error& e) {
        if (std::string(e.what()).find("undefined_symbol") != std::string::npos) ++errors;
      }
    });
  for (auto& t : threads) t.join();
  CHECK(errors == 4);
  // A failed build is not cached as a failure: a later caller builds (and fails) again with its log.
  CHECK_THROWS_WITH(ocl::build_program(rt.context, rt.device, bad, ""), Catch::Contains("undefined_symbol"));
}

TEST_CASE("every program built is recorded with its files' hashes, for provenance", "[program][opencl]") {
  auto& rt = test::runtime();
  const auto src = ocl::load_program_source({"common/border.cl", "probe/border_probe.cl"});
  (void)ocl::build_program(rt.context, rt.device, src, "-DFL_BORDER=4");
  const auto used = ocl::programs_used();
  REQUIRE(used.count(src.sha256) == 1);
  CHECK(used.at(src.sha256) == src.hashes);
  CHECK(used.at(src.sha256).at("common/border.cl") == ocl::embedded_hash("common/border.cl"));
}

TEST_CASE("a kernel's resources: the driver's limits, and ptxas's report only on NVIDIA", "[program][opencl]") {
  auto& rt = test::runtime();
  const auto src = ocl::load_program_source(
      {}, {{"resources.cl",
            "kernel void uses_local(global float* p) { local float t[64]; t[get_local_id(0)] = p[get_global_id(0)];"
            " barrier(CLK_LOCAL_MEM_FENCE); p[get_global_id(0)] = t[63 - get_local_id(0)]; }\n"}});
  const auto program = ocl::build_program(rt.context, rt.device, src, "");
  const cl::Kernel kernel(program, "uses_local");
  const auto r = ocl::kernel_resources(rt.context, rt.device, kernel, src, "", "uses_local");
  CHECK(r.max_work_group_size >= 1);
  CHECK(r.max_work_group_size <= rt.device.info.max_work_group_size);
  CHECK(r.preferred_multiple >= 1);
  CHECK(r.local_bytes >= 64 * sizeof(float));  // the static local array
  CHECK(r.compiler_report.empty() == !ocl::is_nvidia(rt.device.info));
}
