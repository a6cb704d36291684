#include "tuner/strategy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <set>

#include "error.hpp"
#include "tuner/features.hpp"
#include "tuner/mlp.hpp"

namespace filterlab::tuner {
namespace {

// The candidates: every valid point, the measured ones marked.
struct Pool {
  std::vector<Point> points;
  std::vector<bool> measured;
  std::size_t left = 0;
};

Pool make_pool(const Space& s) {
  Pool p;
  p.points = valid_points(s);
  p.measured.assign(p.points.size(), false);
  p.left = p.points.size();
  return p;
}

void measure(Evaluator& ev, Pool& pool, std::size_t i) {
  pool.measured[i] = true;
  --pool.left;
  ev.evaluate(pool.points[i]);
}

void measure_random(Evaluator& ev, Pool& pool, std::size_t n, std::mt19937& rng) {
  for (std::size_t k = 0; k < n && pool.left > 0; ++k) {
    std::vector<std::size_t> open;
    open.reserve(pool.left);
    for (std::size_t i = 0; i < pool.points.size(); ++i)
      if (!pool.measured[i]) open.push_back(i);
    measure(ev, pool, open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng)]);
  }
}

// The ensemble trained on log time of every valid point measured so far; false when fewer than
// two are valid (nothing to learn from).
bool train(Ensemble& model, const Evaluator& ev, const Features& f, std::size_t min_points = 2) {
  std::vector<Point> xs;
  std::vector<double> ys;
  for (const auto& s : ev.trace())
    if (s.m.valid() && s.m.time_ms > 0) {
      xs.push_back(s.m.point);
      ys.push_back(std::log(s.m.time_ms));
    }
  if (xs.size() < min_points) return false;
  model.fit(f.encode(xs), Eigen::Map<Eigen::VectorXd>(ys.data(), static_cast<Eigen::Index>(ys.size())));
  return true;
}

void run_exhaustive(Evaluator& ev) {
  for (const auto& p : valid_points(ev.space())) ev.evaluate(p);
}

void run_random(Evaluator& ev, std::size_t budget, unsigned seed) {
  auto pts = valid_points(ev.space());
  std::mt19937 rng(seed);
  std::shuffle(pts.begin(), pts.end(), rng);
  for (std::size_t i = 0; i < pts.size() && i < budget; ++i) ev.evaluate(pts[i]);
}

void run_paper(Evaluator& ev, std::size_t budget, unsigned seed) {
  Pool pool = make_pool(ev.space());
  std::mt19937 rng(seed);
  const std::size_t first = std::max<std::size_t>(std::min<std::size_t>(budget, 10), budget / 2);
  measure_random(ev, pool, first, rng);
  const Features f(ev.space().params());
  MlpOptions o;
  o.epochs = 500;
  Ensemble model(f.width(), 5, o, seed);
  if (!train(model, ev, f)) return measure_random(ev, pool, budget - ev.trace().size(), rng);
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < pool.points.size(); ++i)
    if (!pool.measured[i]) open.push_back(i);
  std::vector<Point> xs;
  for (auto i : open) xs.push_back(pool.points[i]);
  if (xs.empty()) return;
  const auto pred = model.predict(f.encode(xs)).mean;
  std::vector<std::size_t> order(open.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return pred[static_cast<Eigen::Index>(a)] < pred[static_cast<Eigen::Index>(b)]; });
  for (std::size_t k = 0; k < order.size() && ev.trace().size() < budget; ++k) measure(ev, pool, open[order[k]]);
}

void run_guided(Evaluator& ev, std::size_t budget, unsigned seed) {
  constexpr std::size_t kFirst = 10, kBatch = 5;
  constexpr double kKappa = 1.0;
  Pool pool = make_pool(ev.space());
  std::mt19937 rng(seed);
  measure_random(ev, pool, std::min(budget, kFirst), rng);
  const Features f(ev.space().params());
  MlpOptions first;
  first.epochs = 300;
  MlpOptions again = first;
  again.epochs = 80;
  Ensemble model(f.width(), 5, first, seed);
  bool trained = false;
  while (ev.trace().size() < budget && pool.left > 0) {
    // Warm start: after the first fit, each retraining continues from the members' weights.
    if (!train(model, ev, f)) {
      measure_random(ev, pool, std::min(kBatch, budget - ev.trace().size()), rng);
      continue;
    }
    if (!trained) {
      model.set_epochs(again.epochs);
      trained = true;
    }
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < pool.points.size(); ++i)
      if (!pool.measured[i]) open.push_back(i);
    std::vector<Point> xs;
    for (auto i : open) xs.push_back(pool.points[i]);
    const auto pred = model.predict(f.encode(xs));
    const Eigen::VectorXd score = pred.mean - kKappa * pred.spread;
    std::vector<std::size_t> order(open.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return score[static_cast<Eigen::Index>(a)] < score[static_cast<Eigen::Index>(b)]; });
    const std::size_t n = std::min({kBatch, budget - ev.trace().size(), open.size()});
    std::set<std::size_t> chosen(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n > 1 ? n - 1 : n));
    for (auto k : chosen) measure(ev, pool, open[k]);
    if (n > 1) measure_random(ev, pool, 1, rng);
  }
}

}  // namespace

const Measurement& Evaluator::evaluate(const Point& p) {
  const auto id = space_.id(p);
  for (const auto& s : trace_)
    if (s.id == id) throw Error("strategy evaluated " + id + " twice", "this is a tuner bug");
  Measurement m;
  if (cache_.has(id)) {
    m = cache_.get(id);
  } else {
    m = space_.evaluate(p);
    m.point = p;
    cache_.put(id, m);
  }
  if (m.point.empty()) m.point = p;
  trace_.push_back({id, m});
  return trace_.back().m;
}

const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> n = {"exhaustive", "random", "paper", "guided"};
  return n;
}

void run_strategy(const std::string& name, Evaluator& ev, std::size_t budget, unsigned seed) {
  if (name == "exhaustive") return run_exhaustive(ev);
  if (budget == 0) throw Error("--budget must be at least 1 for strategy " + name);
  if (name == "random") return run_random(ev, budget, seed);
  if (name == "paper") return run_paper(ev, budget, seed);
  if (name == "guided") return run_guided(ev, budget, seed);
  throw Error("unknown strategy '" + name + "'", "use exhaustive, random, paper or guided");
}

std::vector<double> best_so_far(const std::vector<Step>& trace) {
  std::vector<double> out;
  double best = std::numeric_limits<double>::infinity();
  for (const auto& s : trace) {
    if (s.m.valid()) best = std::min(best, s.m.time_ms);
    out.push_back(best);
  }
  return out;
}

}  // namespace filterlab::tuner
