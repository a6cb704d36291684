#pragma once
// The benchmark suite: one Google Benchmark per registered variant x size x verify case x device,
// read from the family registry. Registration builds nothing; each benchmark prepares its variant
// when it first runs, checks the output against the oracle (a wrong output is skipped with the
// reason, never timed), warms up, and reports the device time of its profiling events.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "bench/bench_options.hpp"
#include "families/family.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"

namespace filterlab::bench {

// "<variant id>/<case>/<W>x<H>/<device slug>"
std::string benchmark_name(const std::string& variant_id, const std::string& case_name, int width, int height,
                           const std::string& device_slug);

class Suite {
 public:
  Suite(BenchOptions options, const std::vector<ocl::Device>& devices);
  ~Suite();
  // Registers every benchmark with the library; returns how many.
  std::size_t register_all();
  // Before a run (not for --benchmark_list_tests): opens each device that a selected benchmark
  // uses, measures its copy bandwidth, and records the provenance in the JSON context.
  void open_devices(const std::string& benchmark_filter);

 private:
  struct Slot {
    ocl::Device device;
    std::string slug;  // unique within the run
    std::unique_ptr<ocl::Runtime> rt;
    double copy_GBps = 0;
  };
  struct Case {
    VariantPtr variant;
    std::string case_name, name;
    int width = 0, height = 0;
    std::size_t slot = 0;
  };
  // The prepared run of the benchmark that ran last (benchmarks run one after another, each
  // called once per repetition): prepared and checked once, or why it cannot be timed.
  struct Prepared {
    std::string name;
    std::unique_ptr<TimedRun> run;
    std::string error;
  };
  void open(Slot& slot);
  void prepare(const Case& c);
  void run(benchmark::State& state, const Case& c);

  BenchOptions options_;
  std::vector<Slot> slots_;
  std::vector<std::unique_ptr<Case>> cases_;
  Prepared prepared_;
};

}  // namespace filterlab::bench
