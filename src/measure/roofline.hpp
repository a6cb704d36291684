#pragma once
// The device's ceilings besides copy bandwidth, measured by the probes of kernels/probe/roofline.cl:
// FP32 issue rate without contraction (separate multiply and add, one flop per instruction) and
// with it (fma(), two flops per instruction), integer-to-float and float-to-integer conversion
// rates, and local-memory load bandwidth. Every probe's output is checked against the host's exact
// replay (roofline_probes.hpp) before it is timed.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "measure/bandwidth.hpp"
#include "measure/roofline_probes.hpp"
#include "ocl/runtime.hpp"
#include "stats.hpp"

namespace filterlab::measure {

struct ProbeRate {
  std::string name;           // the kernel in roofline.cl, e.g. "fp32_fma"
  std::string description;    // what one operation is
  std::string work_unit;      // "flop", "conversion" or "byte"
  std::string rate_unit;      // "GFLOP/s", "Gconv/s" or "GB/s": 1e9 work units per second
  double ops_per_launch = 0;  // operations (instructions: multiply, add, fma, conversion, load)
  double work_per_op = 0;     // work units per operation: 2 flops per fma, 4 bytes per float load
  ocl::Samples samples;       // raw kernel and wall times (ms)
  Summary kernel_ms, wall_ms;
  double rate = 0, rate_ci95_low = 0, rate_ci95_high = 0;  // from the median and its interval's ends
  std::string check;                                       // what the host verified before timing

  double work_per_launch() const { return ops_per_launch * work_per_op; }
};

struct Roofline {
  Bandwidth copy;
  RooflineSizes sizes;
  RooflineArgs args;
  std::string build_options;
  std::string program_sha256;
  std::vector<ProbeRate> probes;  // in roofline_probe_names() order, those the device computed exactly
  // A probe whose output differed from the host's exact replay (its compiler reassociated or
  // contracted the arithmetic): its name and what differed. It is not timed; the others still are.
  std::vector<std::pair<std::string, std::string>> refused;
  // Throws filterlab::Error for an unknown name.
  const ProbeRate& probe(const std::string& name) const;
};

struct RooflineOptions {
  RooflineSizes sizes;           // global 0: chosen from the device (default_roofline_sizes)
  int repetitions = 20;          // timed launches per probe (and per copy)
  int warmup = 3;                // discarded launches per probe
  std::uint64_t copy_bytes = 0;  // measure_copy_bandwidth's buffer (0: its default)
};

// Every probe, in the order they are measured and reported.
const std::vector<std::string>& roofline_probe_names();
// Loop counts from RooflineSizes' defaults (a launch of about 1-20 ms on a GPU); work-items
// compute units x 16384 on GPUs, x 512 on CPUs (PoCL: a probe well under a second).
RooflineSizes default_roofline_sizes(const ocl::DeviceInfo& dev);
// The build options of the probe program: -cl-std=CL1.2 and the sizes' -D switches.
std::string roofline_build_options(const RooflineSizes& sizes);

// Copy bandwidth (measure_copy_bandwidth) and every probe: each verified once against the host's
// replay, then warmed up and timed through the protocol (measure/protocol.hpp) in shuffled rounds. Throws
// filterlab::Error naming the probe when a device result is wrong (nothing is timed then).
Roofline measure_roofline(ocl::Runtime& rt, const RooflineOptions& options = {});

}  // namespace filterlab::measure
