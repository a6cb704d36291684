#pragma once
// Measures a device's achievable global-memory bandwidth, counting bytes read plus bytes written:
// the roofline that every timed kernel is compared with.
#include <cstdint>
#include <vector>

#include "ocl/runtime.hpp"
#include "stats.hpp"

namespace filterlab::measure {

struct Bandwidth {
  std::uint64_t bytes_per_copy = 0;  // size of the buffer copied
  Summary kernel_copy_ms;            // copy_float4 kernel
  Summary enqueue_copy_ms;           // clEnqueueCopyBuffer
  double kernel_GBps = 0, enqueue_GBps = 0;
  // One read and two writes (copy_split_float4): the traffic mix of a two-output filter, which
  // a device may serve more slowly than a copy. Not the roofline; recorded beside it.
  Summary split_copy_ms;
  double split_GBps = 0;
  // The raw samples behind the three summaries (ms).
  std::vector<double> kernel_copy_samples_ms, enqueue_copy_samples_ms, split_copy_samples_ms;
  double best_GBps() const { return kernel_GBps > enqueue_GBps ? kernel_GBps : enqueue_GBps; }
};

// Copies a buffer of `bytes` (0: a size chosen from the device: 1 GiB on GPUs, 128 MiB on CPUs,
// within the allocation limit) through the timing protocol (measure/protocol.hpp): 3 warm-up and
// `reps` kept launches of each copy, rounds shuffled; GB/s from the median times.
Bandwidth measure_copy_bandwidth(ocl::Runtime& rt, std::uint64_t bytes = 0, int reps = 20);

}  // namespace filterlab::measure
