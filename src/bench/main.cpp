// filterlab-bench: Google Benchmark over every registered filter variant (bench/suite.hpp).
#include <benchmark/benchmark.h>

#include <cstring>
#include <iostream>

#include "bench/bench_options.hpp"
#include "bench/suite.hpp"
#include "error.hpp"
#include "ocl/device.hpp"

namespace {

void print_help() {
  std::cout << filterlab::bench::bench_usage() << "\nGoogle Benchmark's flags:\n";
  benchmark::PrintDefaultHelp();
}

// --benchmark_list_tests as the library reads it (before Initialize removes it from argv).
bool listing_only(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* form : {"--benchmark_list_tests", "--benchmark_list_tests=true", "--benchmark_list_tests=1"})
      if (std::strcmp(argv[i], form) == 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const bool listing = listing_only(argc, argv);
  benchmark::Initialize(&argc, argv, print_help);
  try {
    const auto options = filterlab::bench::parse_bench_options(std::vector<std::string>(argv + 1, argv + argc));
    // Enumerating devices builds nothing; the kernels are built by the benchmarks that run.
    filterlab::bench::Suite suite(options, filterlab::ocl::select_devices(options.device));
    if (suite.register_all() == 0)
      throw filterlab::Error("no benchmark registered", "--borders selects no verify case of any variant");
    if (!listing) suite.open_devices(benchmark::GetBenchmarkFilter());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  } catch (const std::exception& e) {
    std::cerr << "filterlab-bench: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
