#include "tuner/measure.hpp"

#include <exception>
#include <string>
#include <utility>

#include "error.hpp"
#include "measure/protocol.hpp"
#include "ocl/errors.hpp"
#include "ocl/runtime.hpp"
#include "stats.hpp"

namespace filterlab::tuner {

Measurement start_evaluation(const Space& space, const Point& p, bool has_device) {
  if (!has_device) throw Error("space " + space.name() + " was made without a device", "this is a tuner bug");
  Measurement m;
  m.point = p;
  if (auto v = space.violation(p); !v.empty()) m.invalid = Invalid::kConstraint, m.reason = std::move(v);
  return m;
}

void time_kernel(Measurement& m, cl::CommandQueue& queue, int warmup, int repetitions,
                 const std::function<std::vector<cl::Event>()>& enqueue) {
  // The experiments' protocol for one case, its repetitions in a row (a search times one
  // configuration at a time); the space judged the configuration before.
  measure::LaunchCase c(queue, enqueue);
  measure::measure({&c}, {warmup, repetitions, false, 0, "", false});
  const auto& s = c.samples;
  const auto sum = summarize(s.kernel_ms);
  m.time_ms = sum.median, m.q1_ms = sum.q1, m.q3_ms = sum.q3, m.samples_ms = s.kernel_ms;
}

void record_failure(Measurement& m, Invalid stage) {
  try {
    throw;
  } catch (const Unsupported& e) {
    m.invalid = Invalid::kDeviceLimit, m.reason = e.what();
  } catch (const cl::Error& e) {
    m.invalid = stage, m.reason = std::string(e.what()) + " (" + ocl::status_name(e.err()) + ")";
  } catch (const std::exception& e) {
    m.invalid = stage, m.reason = e.what();
  } catch (...) {
    m.invalid = stage, m.reason = "an exception that is not a std::exception";
  }
}

}  // namespace filterlab::tuner
