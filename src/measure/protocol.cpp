#include "measure/protocol.hpp"

#include <algorithm>
#include <iostream>
#include <numeric>
#include <random>

#include "error.hpp"
#include "stats.hpp"

namespace filterlab::measure {

nlohmann::json summary_json(const Summary& s) {
  return {{"median", s.median},       {"q1", s.q1},   {"q3", s.q3},   {"ci95_low", s.ci95_low},
          {"ci95_high", s.ci95_high}, {"min", s.min}, {"max", s.max}, {"n", s.n}};
}

void measure(const std::vector<MeasuredCase*>& cases, const Protocol& p) {
  if (p.warmup < 0 || p.rounds < 0) throw Error("warm-up and repetition counts must not be negative");
  for (auto* c : cases) {
    ocl::Samples ignore;
    for (int i = 0; i < p.warmup; ++i) c->sample(ignore);
  }
  if (p.shuffled) {
    std::mt19937 rng(p.seed);
    std::vector<std::size_t> order(cases.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    for (int r = 0; r < p.rounds; ++r) {
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t i : order) cases[i]->sample(cases[i]->samples);
      if (!p.label.empty())
        std::cerr << "[" << p.label << "] round " << (r + 1) << "/" << p.rounds << "\r" << std::flush;
    }
    if (!p.label.empty()) std::cerr << "\n";
  } else {
    for (auto* c : cases)
      for (int r = 0; r < p.rounds; ++r) c->sample(c->samples);
  }
  if (!p.check_after) return;
  for (auto* c : cases)
    if (const auto why = c->check(); !why.empty())
      throw Error(c->label() + " differed from the oracle after it was timed: " + why,
                  "this is a kernel or harness bug; its times are not kept");
}

nlohmann::json timing_fields(const ocl::Samples& s) {
  nlohmann::json j{{"samples_kernel_ms", s.kernel_ms}, {"samples_wall_ms", s.wall_ms}};
  if (!s.kernel_ms.empty()) j["kernel_ms"] = summary_json(summarize(s.kernel_ms));
  if (!s.wall_ms.empty()) j["wall_ms"] = summary_json(summarize(s.wall_ms));
  return j;
}

}  // namespace filterlab::measure
