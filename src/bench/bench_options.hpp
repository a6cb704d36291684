#pragma once
// filterlab-bench's own flags (Google Benchmark's --benchmark_* flags are parsed by the library):
// the devices, the image sizes, the borders, and the copy-bandwidth probe's buffer.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace filterlab::bench {

struct BenchOptions {
  std::string device;                                    // --device: ocl::select_devices' selector
  std::vector<std::pair<int, int>> sizes{{1024, 1024}};  // --sizes
  std::vector<std::string> cases;                        // --borders: verify cases to keep (empty: all)
  std::uint64_t bandwidth_bytes = 0;                     // --bandwidth-mib (0: the device's choice)
};

// "256x256,1024x768": every WxH positive and at most 65536 a side; throws filterlab::Error with
// a hint for anything else (empty items, spaces, signs, duplicates).
std::vector<std::pair<int, int>> parse_sizes(const std::string& text);
// "reflect101,constant,-": border names (ref::border_name) or "-" (variants that take no border).
std::vector<std::string> parse_cases(const std::string& text);
// The flags left after benchmark::Initialize took its own (argv[0] excluded). Takes "--flag value"
// and "--flag=value"; throws filterlab::Error naming an unknown flag or a bad value.
BenchOptions parse_bench_options(const std::vector<std::string>& args);
// Our flags, for --help.
std::string bench_usage();

}  // namespace filterlab::bench
