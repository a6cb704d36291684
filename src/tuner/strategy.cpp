#include "tuner/strategy.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
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
  p.points = candidate_points(s);
  p.measured.assign(p.points.size(), false);
  p.left = p.points.size();
  return p;
}

void measure(Evaluator& ev, Pool& pool, std::size_t i) {
  pool.measured[i] = true;
  --pool.left;
  ev.evaluate(pool.points[i]);
}

// Prepares the chosen points together, then measures them in order.
void measure_all(Evaluator& ev, Pool& pool, const std::vector<std::size_t>& chosen) {
  std::vector<Point> pts;
  for (auto i : chosen) pts.push_back(pool.points[i]);
  ev.prepare(pts);
  for (auto i : chosen) measure(ev, pool, i);
}

void measure_random(Evaluator& ev, Pool& pool, std::size_t n, std::mt19937& rng) {
  std::vector<std::size_t> open;
  open.reserve(pool.left);
  for (std::size_t i = 0; i < pool.points.size(); ++i)
    if (!pool.measured[i]) open.push_back(i);
  std::vector<std::size_t> chosen;  // the same draws, in the same order, as one draw per measurement
  for (std::size_t k = 0; k < n && !open.empty(); ++k) {
    const auto j = std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(rng);
    chosen.push_back(open[j]);
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(j));
  }
  measure_all(ev, pool, chosen);
}

// The ensemble trained on log time of every valid point measured so far; false when fewer than
// two are valid (nothing to learn from).
// With `penalize_invalid`, points that failed on the device (a work-group over the kernel's
// limit, a failed build...) join the training set at twice the slowest valid time, so the model
// steers away from their neighbourhood instead of proposing it again.
bool train(Ensemble& model, const Evaluator& ev, const Features& f, bool penalize_invalid = false,
           std::size_t min_points = 2) {
  std::vector<Point> xs;
  std::vector<double> ys;
  std::vector<Point> failed;
  for (const auto& s : ev.trace())
    if (s.m.valid() && s.m.time_ms > 0) {
      xs.push_back(s.m.point);
      ys.push_back(std::log(s.m.time_ms));
    } else if (!s.m.valid() && s.m.invalid != Invalid::kConstraint) {
      failed.push_back(s.m.point);
    }
  if (xs.size() < min_points) return false;
  if (penalize_invalid && !failed.empty()) {
    const double worst = *std::max_element(ys.begin(), ys.end()) + std::log(2.0);
    for (auto& p : failed) xs.push_back(p), ys.push_back(worst);
  }
  model.fit(f.encode(xs), Eigen::Map<Eigen::VectorXd>(ys.data(), static_cast<Eigen::Index>(ys.size())));
  return true;
}

void run_exhaustive(Evaluator& ev) { ev.evaluate_all(valid_points(ev.space())); }

void run_random(Evaluator& ev, std::size_t budget, unsigned seed) {
  auto pts = candidate_points(ev.space());
  std::mt19937 rng(seed);
  std::shuffle(pts.begin(), pts.end(), rng);
  if (pts.size() > budget) pts.resize(budget);
  ev.evaluate_all(pts);
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
  std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) {
    return pred[static_cast<Eigen::Index>(a)] < pred[static_cast<Eigen::Index>(b)];
  });
  std::vector<std::size_t> ranked;
  for (std::size_t k = 0; k < order.size() && ev.trace().size() + ranked.size() < budget; ++k)
    ranked.push_back(open[order[k]]);
  for (std::size_t k = 0; k < ranked.size(); k += Evaluator::kPrepareChunk)
    measure_all(ev, pool,
                std::vector<std::size_t>(ranked.begin() + static_cast<std::ptrdiff_t>(k),
                                         ranked.begin() + static_cast<std::ptrdiff_t>(
                                                              std::min(ranked.size(), k + Evaluator::kPrepareChunk))));
}

// The valid points one or two parameter values away from `p`: the guided search's local moves.
// Two, because the constraints couple parameters (a vector store of 8 pixels needs a coarsening
// that 8 divides), so a single change often cannot switch a transformation on. Points outside the
// candidate pool count too: the pool of a full space is a sample, the neighbourhood is not.
std::vector<Point> neighbours(const Space& s, const Point& p) {
  const auto& ps = s.params();
  std::vector<Point> out;
  for (std::size_t i = 0; i < ps.size(); ++i)
    for (const long vi : ps[i].values) {
      if (vi == p[i]) continue;
      Point q = p;
      q[i] = vi;
      if (s.violation(q).empty()) out.push_back(q);
      for (std::size_t j = i + 1; j < ps.size(); ++j)
        for (const long vj : ps[j].values) {
          if (vj == p[j]) continue;
          Point r = q;
          r[j] = vj;
          if (s.violation(r).empty()) out.push_back(r);
        }
    }
  return out;
}

// The point of the trace with the lowest valid time (empty when none is valid).
Point incumbent(const Evaluator& ev) {
  const Step* best = nullptr;
  for (const auto& st : ev.trace())
    if (st.m.valid() && (!best || st.m.time_ms < best->m.time_ms)) best = &st;
  return best ? best->m.point : Point{};
}

// The `n` rows of `pred` with the lowest predicted mean minus `kappa` ensemble spreads (kappa 1:
// the lower confidence bound, which explores; 0: the prediction alone, which exploits).
std::vector<std::size_t> lowest_bound(const Prediction& pred, std::size_t n, double kappa) {
  const auto rows = static_cast<std::size_t>(pred.mean.size());
  if (rows == 0 || n == 0) return {};
  const Eigen::VectorXd score = pred.mean - kappa * pred.spread;
  std::vector<std::size_t> order(rows);
  std::iota(order.begin(), order.end(), 0);
  n = std::min(n, rows);
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(), [&](auto a, auto b) {
    return score[static_cast<Eigen::Index>(a)] < score[static_cast<Eigen::Index>(b)];
  });
  order.resize(n);
  return order;
}

void run_guided(Evaluator& ev, std::size_t budget, unsigned seed) {
  constexpr std::size_t kFirst = 10, kBatch = 5, kLocal = 2;
  Pool pool = make_pool(ev.space());
  std::map<Point, std::size_t> in_pool;
  for (std::size_t i = 0; i < pool.points.size(); ++i) in_pool.emplace(pool.points[i], i);
  std::set<Point> measured;
  const auto remember = [&] {
    for (const auto& st : ev.trace()) measured.insert(st.m.point);
  };
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
    remember();
    // Warm start: after the first fit, each retraining continues from the members' weights.
    if (!train(model, ev, f, true)) {
      measure_random(ev, pool, std::min(kBatch, budget - ev.trace().size()), rng);
      continue;
    }
    if (!trained) {
      model.set_epochs(again.epochs);
      trained = true;
    }
    const std::size_t n = std::min(kBatch, budget - ev.trace().size());
    const std::size_t model_picks = n > 1 ? n - 1 : n;  // one of each batch of 5 at random
    // Local moves first: the unmeasured neighbours of the best point so far predicted fastest.
    std::vector<Point> batch;
    std::vector<Point> near;
    for (auto& q : neighbours(ev.space(), incumbent(ev)))
      if (!measured.count(q)) near.push_back(std::move(q));
    // One by the prediction alone (climbing), the other by the lower bound (looking around).
    if (!near.empty()) {
      const auto pred = model.predict(f.encode(near));
      for (const double kappa : {0.0, 1.0}) {
        if (batch.size() >= std::min(kLocal, model_picks)) break;
        for (auto k : lowest_bound(pred, batch.size() + 1, kappa))
          if (std::find(batch.begin(), batch.end(), near[k]) == batch.end()) {
            batch.push_back(near[k]);
            break;
          }
      }
    }
    // Then the best-bounded points of the whole pool.
    std::vector<Point> open;
    for (std::size_t i = 0; i < pool.points.size(); ++i)
      if (!pool.measured[i] && std::find(batch.begin(), batch.end(), pool.points[i]) == batch.end())
        open.push_back(pool.points[i]);
    if (!open.empty() && model_picks > batch.size())
      for (auto k : lowest_bound(model.predict(f.encode(open)), model_picks - batch.size(), 1.0))
        batch.push_back(open[k]);
    if (batch.empty()) break;
    ev.prepare(batch);
    for (const auto& q : batch) {
      const auto it = in_pool.find(q);
      if (it != in_pool.end()) {
        measure(ev, pool, it->second);
      } else {
        ev.evaluate(q);
      }
    }
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

void Evaluator::prepare(const std::vector<Point>& points) {
  std::vector<Point> fresh;
  for (const auto& p : points)
    if (!cache_.has(space_.id(p))) fresh.push_back(p);
  if (!fresh.empty()) space_.prepare(fresh);
}

double Evaluator::evaluate_all(const std::vector<Point>& points, std::size_t chunk,
                               const std::function<void(std::size_t done)>& progress) {
  double prepare_s = 0;
  for (std::size_t k = 0; k < points.size(); k += chunk) {
    const std::vector<Point> part(points.begin() + static_cast<std::ptrdiff_t>(k),
                                  points.begin() + static_cast<std::ptrdiff_t>(std::min(points.size(), k + chunk)));
    const auto t0 = std::chrono::steady_clock::now();
    prepare(part);
    prepare_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto& p : part) evaluate(p);
    if (progress) progress(k + part.size());
  }
  return prepare_s;
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
