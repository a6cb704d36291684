#pragma once
// What every device-backed space shares when it evaluates a configuration: the timing protocol
// (warm-up, repetitions, profiling events, median and quartiles) and the recording of a failure.
#include <functional>
#include <vector>

#include "ocl/cl.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

// The start of every device evaluation: a Measurement for `p`, already invalid (kConstraint, with
// the reason) when `space` refuses the point, in which case nothing must run. Throws when the space
// was made without a device (`has_device` false).
Measurement start_evaluation(const Space& space, const Point& p, bool has_device);

// Times `enqueue` (one sample's launches) into m: `warmup` discarded samples, then `repetitions`.
void time_kernel(Measurement& m, cl::CommandQueue& queue, int warmup, int repetitions,
                 const std::function<std::vector<cl::Event>()>& enqueue);

// Call from a catch (...) block: records the exception in flight as why m is invalid: a device
// limit (filterlab::Unsupported), else `stage` (build, launch...) with the OpenCL status if any.
void record_failure(Measurement& m, Invalid stage);

}  // namespace filterlab::tuner
