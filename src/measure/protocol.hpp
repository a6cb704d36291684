#pragma once
// The one timing protocol of every experiment and of the tuner: a MeasuredCase is prepared once
// (its constructor), judged by the oracle before anything is timed, then sampled: `warmup`
// discarded samples of each case, then `rounds` kept ones, each round visiting the cases in a new
// seeded shuffled order (drift of clocks and temperature spreads over every case) or, for one case
// at a time (the tuner), in a row. Each result row takes its timing fields from timing_fields().
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ocl/runtime.hpp"
#include "stats.hpp"

namespace filterlab::measure {

class MeasuredCase {
 public:
  virtual ~MeasuredCase() = default;
  // One timed sample appended to `into`: the kernel time from profiling events (ocl::take_sample)
  // or, for a peer without them, the wall time alone.
  virtual void sample(ocl::Samples& into) = 0;
  // After a sample: "" when the output equals the oracle's (within the family's tolerance), else
  // what differed. The default: the case is judged before it reaches the protocol.
  virtual std::string check() { return ""; }
  // What errors name: the variant ID and case.
  virtual std::string label() const { return "a measured case"; }

  ocl::Samples samples;  // the kept samples, filled by measure()
};

// A case whose sample is one enqueue of launches on `queue`, timed by their profiling events.
class LaunchCase : public MeasuredCase {
 public:
  LaunchCase(cl::CommandQueue& queue, std::function<std::vector<cl::Event>()> enqueue, std::string label = "")
      : queue_(queue), enqueue_(std::move(enqueue)), label_(std::move(label)) {}
  void sample(ocl::Samples& into) override { ocl::take_sample(queue_, enqueue_, into); }
  std::string label() const override { return label_.empty() ? MeasuredCase::label() : label_; }

 private:
  cl::CommandQueue& queue_;
  std::function<std::vector<cl::Event>()> enqueue_;
  std::string label_;
};

struct Protocol {
  int warmup = 0;           // discarded samples of each case, all taken before any kept one
  int rounds = 1;           // kept samples of each case
  bool shuffled = true;     // rounds in a seeded shuffled order; false: each case's rounds in a row
  unsigned seed = 0;        // of the shuffle
  std::string label;        // progress lines ("[label] round 3/30"); "" prints none
  bool check_after = true;  // judge every case by check() after its last sample (throws)
};

// Runs the protocol over `cases`; each case's kept samples land in its `samples`. With
// check_after, a case whose check() reports a difference throws filterlab::Error naming it.
void measure(const std::vector<MeasuredCase*>& cases, const Protocol& protocol);

// An experiment's configurations through the protocol: sample(config, into) takes one sample of
// a configuration (its oracle check came before); each configuration's kept samples land in its
// `samples` member. The cases of `also` (judged before too) are sampled in the same rounds.
template <class Config, class Sample>
void measure_configs(std::vector<Config>& configs, const Protocol& protocol, Sample sample,
                     const std::vector<MeasuredCase*>& also = {}) {
  struct Adapter : MeasuredCase {
    Config* config = nullptr;
    Sample* sampler = nullptr;
    void sample(ocl::Samples& into) override { (*sampler)(*config, into); }
  };
  std::vector<Adapter> adapters(configs.size());
  std::vector<MeasuredCase*> cases;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    adapters[i].config = &configs[i];
    adapters[i].sampler = &sample;
    cases.push_back(&adapters[i]);
  }
  cases.insert(cases.end(), also.begin(), also.end());
  measure(cases, protocol);
  for (std::size_t i = 0; i < configs.size(); ++i) {
    auto& into = configs[i].samples;
    auto& got = adapters[i].samples;
    into.kernel_ms.insert(into.kernel_ms.end(), got.kernel_ms.begin(), got.kernel_ms.end());
    into.wall_ms.insert(into.wall_ms.end(), got.wall_ms.begin(), got.wall_ms.end());
    into.leading_kernel_ms.insert(into.leading_kernel_ms.end(), got.leading_kernel_ms.begin(),
                                  got.leading_kernel_ms.end());
  }
}

// A summary as result files record it (median, q1, q3, ci95_low, ci95_high, min, max, n).
nlohmann::json summary_json(const Summary& s);

// A row's timing fields: kernel_ms and wall_ms (median, quartiles, 95 % interval of the median,
// min, max, n) and the raw samples (samples_kernel_ms, samples_wall_ms).
nlohmann::json timing_fields(const ocl::Samples& samples);

}  // namespace filterlab::measure
