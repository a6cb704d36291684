#pragma once
// One device's context and profiling queue, plus event timing.
#include <functional>
#include <string>
#include <vector>

#include "ocl/cl.hpp"
#include "ocl/device.hpp"

namespace filterlab::ocl {

struct Runtime {
  Device device;
  cl::Context context;
  cl::CommandQueue queue;  // in order, profiling enabled

  explicit Runtime(const Device& d);
};

// Kernel time of one event from its profiling counters, in milliseconds.
double event_ms(const cl::Event& e);

// Raw samples of a repeated measurement: per sample the summed kernel times of every event that
// enqueue() returned, and the host's wall time from the first enqueue to the end of finish().
// `leading_kernel_ms` holds the summed times of only the first `leading` events of each sample
// (e.g. the launches on the largest level), when take_sample was asked for them.
struct Samples {
  std::vector<double> kernel_ms;
  std::vector<double> wall_ms;
  std::vector<double> leading_kernel_ms;
};

// One sample: calls enqueue(), waits for the queue, and appends to `out`.
void take_sample(cl::CommandQueue& queue, const std::function<std::vector<cl::Event>()>& enqueue, Samples& out,
                 std::size_t leading = 0);

}  // namespace filterlab::ocl
