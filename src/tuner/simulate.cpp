#include "tuner/simulate.hpp"

#include <algorithm>
#include <cmath>

#include "stats.hpp"
#include "tuner/parallel.hpp"
#include "tuner/strategy.hpp"

namespace filterlab::tuner {
namespace {

std::vector<double> fractions(const std::vector<Step>& trace, double optimum) {
  std::vector<double> out;
  for (double b : best_so_far(trace)) out.push_back(std::isfinite(b) ? optimum / b : 0.0);
  return out;
}

}  // namespace

std::vector<Efficiency> simulate(ReplaySpace& space, const std::vector<std::string>& strategies, std::size_t max_budget,
                                 const std::vector<std::size_t>& paper_budgets, unsigned first_seed, int seeds) {
  const double optimum = space.optimum_ms();
  const std::size_t cap = valid_points(space).size();
  std::vector<Efficiency> out;
  const auto run = [&](const std::string& s, std::size_t budget) {
    Efficiency e{s, std::min(budget, cap), {}};
    e.curves.resize(static_cast<std::size_t>(std::max(0, seeds)));
    // Seeds are independent and the replayed space is read-only: one thread per seed, each
    // curve in its seed's slot, so the result does not depend on the thread count.
    parallel_for(e.curves.size(), 0, [&](std::size_t i) {
      EvalCache memory("", cache_header(space, {}));
      Evaluator ev(space, memory);
      run_strategy(s, ev, e.budget, first_seed + static_cast<unsigned>(i));
      e.curves[i] = fractions(ev.trace(), optimum);
    });
    out.push_back(std::move(e));
  };
  for (const auto& s : strategies) {
    if (s == "paper") {
      for (auto b : paper_budgets)
        if (b <= cap || b == paper_budgets.front()) run(s, b);
    } else {
      run(s, max_budget);
    }
  }
  return out;
}

Quartiles fraction_at(const Efficiency& e, std::size_t k) {
  std::vector<double> v;
  for (const auto& c : e.curves)
    if (!c.empty()) v.push_back(c[std::min(k, c.size()) - 1]);
  if (v.empty()) return {};
  const auto s = summarize(v);
  return {s.q1, s.median, s.q3};
}

nlohmann::json efficiency_json(const Efficiency& e) {
  return {{"strategy", e.strategy}, {"budget", e.budget}, {"seeds", e.curves.size()}, {"curves", e.curves}};
}

}  // namespace filterlab::tuner
