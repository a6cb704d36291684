#include "ocl/runtime.hpp"

#include <chrono>

namespace filterlab::ocl {

Runtime::Runtime(const Device& d) : device(d), context(d.device), queue(context, d.device, CL_QUEUE_PROFILING_ENABLE) {}

double event_ms(const cl::Event& e) {
  const auto start = e.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const auto end = e.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return static_cast<double>(end - start) * 1e-6;
}

void take_sample(cl::CommandQueue& queue, const std::function<std::vector<cl::Event>()>& enqueue, Samples& out,
                 std::size_t leading) {
  queue.finish();  // nothing else in flight when the clock starts
  const auto t0 = std::chrono::steady_clock::now();
  const auto events = enqueue();
  queue.finish();
  const auto t1 = std::chrono::steady_clock::now();
  double kernel = 0.0, lead = 0.0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const double ms = event_ms(events[i]);
    kernel += ms;
    if (i < leading) lead += ms;
  }
  out.kernel_ms.push_back(kernel);
  if (leading > 0) out.leading_kernel_ms.push_back(lead);
  out.wall_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
}

}  // namespace filterlab::ocl
