#pragma once
// Search strategies over any Space. Every evaluation goes through an Evaluator, which asks the
// cache first and the space (the device, or a replayed exhaustive cache) only for new points, and
// records the order of evaluation: the trace from which search efficiency is computed.
#include <functional>
#include <string>
#include <vector>

#include "tuner/cache.hpp"
#include "tuner/space.hpp"

namespace filterlab::tuner {

struct Step {
  std::string id;
  Measurement m;
};

class Evaluator {
 public:
  Evaluator(Space& space, EvalCache& cache) : space_(space), cache_(cache) {}
  const Measurement& evaluate(const Point& p);  // appends to the trace
  // Hands the points that are not cached yet to Space::prepare (their builds, in parallel).
  void prepare(const std::vector<Point>& points);
  // Evaluates `points` in order, preparing them `chunk` at a time; after each chunk, `progress`
  // (if set) gets the points done so far. Returns the seconds spent in prepare().
  double evaluate_all(const std::vector<Point>& points, std::size_t chunk = kPrepareChunk,
                      const std::function<void(std::size_t done)>& progress = {});
  static constexpr std::size_t kPrepareChunk = 32;
  const std::vector<Step>& trace() const { return trace_; }
  Space& space() { return space_; }

 private:
  Space& space_;
  EvalCache& cache_;
  std::vector<Step> trace_;
};

// exhaustive: every valid point in product order (the budget is ignored).
// random: distinct valid points in a seeded random order.
// paper: the ImageCL paper's tuner: half the budget on random points, an ensemble of small MLPs
//        trained on log time, the whole space predicted, then the best predicted points measured.
// guided: ours: 10 random points, then batches of 5 chosen by the retrained ensemble (the lowest
//        mean minus spread, one of each batch at random), so the model learns where it is wrong;
//        two of each batch are local moves: neighbours (one or two values changed) of the best
//        point so far, which may lie outside the pool.
const std::vector<std::string>& strategy_names();
void run_strategy(const std::string& name, Evaluator& ev, std::size_t budget, unsigned seed);

// The best valid time among the first k evaluations of `trace`, for k = 1..trace.size() (+inf
// while none was valid).
std::vector<double> best_so_far(const std::vector<Step>& trace);

}  // namespace filterlab::tuner
