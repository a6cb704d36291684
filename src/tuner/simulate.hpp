#pragma once
// Search efficiency by simulation: each strategy replays an exhaustive cache under many seeds; the
// fraction of the optimum after k evaluations is (best exhaustive time) / (best time found in the
// first k evaluations), 0 while nothing valid was found.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tuner/replay_space.hpp"

namespace filterlab::tuner {

struct Efficiency {
  std::string strategy;
  std::size_t budget = 0;                   // evaluations per run
  std::vector<std::vector<double>> curves;  // per seed: fraction of the optimum after 1..budget evaluations
};

// The budget-independent strategies (random, guided) run once per seed at `max_budget` (their
// first k evaluations are the same for every budget >= k); the paper's method splits its budget,
// so it runs once per seed for each budget in `paper_budgets`.
std::vector<Efficiency> simulate(ReplaySpace& space, const std::vector<std::string>& strategies, std::size_t max_budget,
                                 const std::vector<std::size_t>& paper_budgets, unsigned first_seed, int seeds);

// Median and quartiles over seeds of the fraction reached after `k` evaluations (a run shorter than
// k counts with its final value).
struct Quartiles {
  double q1 = 0, median = 0, q3 = 0;
};
Quartiles fraction_at(const Efficiency& e, std::size_t k);

nlohmann::json efficiency_json(const Efficiency& e);

}  // namespace filterlab::tuner
