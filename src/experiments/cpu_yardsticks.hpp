#pragma once
// Hand-written OpenCL kernels doing the work of ImageCL's benchmarks on CPU devices
// (kernels/yardstick/): where a generated kernel does not reach Halide's fastest schedule, the
// yardstick timed in the same run shows whether hand-written OpenCL does; its time is then the bar
// the generated code is held to. Each is judged by its benchmark's oracle on the image it is timed
// on, then each stage is timed on the benchmark input in the same shuffled rounds as ImageCL's
// kernels (so both see the same caches).
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "measure/protocol.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"

namespace filterlab {

struct Yardstick {
  std::string benchmark;             // the ImageCL benchmark whose work it does
  std::string file;                  // under kernels/
  std::vector<std::string> kernels;  // its stages in order, each reading the previous one's output
  int xs = 0, r = 0;                 // each work-item's block: xs columns by r rows

  std::string id() const;       // stable: "yardstick.<benchmark>/xs<xs>_r<r>"
  std::string options() const;  // "-DXS=<xs> -DR=<r>"
};

// Every yardstick, in a fixed order.
const std::vector<Yardstick>& cpu_yardsticks();

// The yardsticks of one benchmark, prepared for timing: the constructor verifies each against
// `oracle` (exactly: dyadic weights on integer pixels make every float sum exact; every output
// poisoned first) and throws filterlab::Error naming the yardstick and the first wrong pixel; each
// stage is then a case for the protocol, timed on `input` with its own output resident.
class YardstickRun {
 public:
  YardstickRun(ocl::Runtime& rt, const std::string& benchmark, const ref::Image& input, const ref::Image& oracle);
  ~YardstickRun();
  std::vector<measure::MeasuredCase*> cases();  // one per stage
  nlohmann::json rows() const;                  // after timing: one row per stage
  std::vector<std::string> files() const;       // the kernel files used (for provenance)
  struct Stage;                                 // one built kernel and its buffers

 private:
  std::string benchmark_;
  int width_ = 0, height_ = 0;
  std::vector<std::unique_ptr<Stage>> stages_;
};

}  // namespace filterlab
