#pragma once
// One library that computes the workloads: prepared once per workload (inputs uploaded, outputs
// allocated), then run() does one timed sample's work and returns only when it is finished
// (device work included); outputs() fetches the results for the oracle.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "peers/workloads.hpp"
#include "reference/image.hpp"

namespace filterlab::peers {

class Peer {
 public:
  virtual ~Peer() = default;
  virtual std::string name() const = 0;    // stable: opencv_cpu, opencv_umat, halide_cpu, halide_opencl
  virtual std::string timing() const = 0;  // how a sample is timed, in words
  // A reason why this peer cannot compute `w` as defined (then it is reported, never run).
  virtual std::optional<std::string> not_comparable(const Workload& w) const = 0;
  virtual void prepare(const Workload& w) = 0;
  virtual void run() = 0;
  virtual std::vector<ref::Image> outputs() = 0;  // one per job of the prepared workload
  // Whatever proves where the work ran (e.g. OpenCL launches per sample), after the samples.
  virtual nlohmann::json evidence() const { return nlohmann::json::object(); }
  // True when the samples taken since prepare() are not what the peer's name claims (a UMat call
  // that ran on the CPU): the row is then recorded as a fallback, never as an OpenCL result.
  virtual bool fell_back() const { return false; }
};

}  // namespace filterlab::peers
