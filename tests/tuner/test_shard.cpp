// Sharded exhaustive runs: the split is deterministic and covers every valid point exactly once,
// a shard resumes only its own cache, and the merge refuses every way shards can fail to add up
// to one exhaustive run; a merged cache replays like an unsharded one.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "error.hpp"
#include "experiments/tuning_ground_truth.hpp"
#include "synthetic_space.hpp"
#include "tuner/replay_space.hpp"
#include "tuner/shard.hpp"
#include "tuner/strategy.hpp"

using namespace filterlab;
using Catch::Matchers::Contains;

namespace {
std::string shard_dir() {
  const auto dir = std::filesystem::temp_directory_path() / "filterlab-shard-tests";
  std::filesystem::create_directories(dir);
  return dir.string();
}
std::string fresh(const std::string& name) {
  const auto p = shard_dir() + "/" + name;
  std::filesystem::remove(p);
  return p;
}
// Runs shard `s` of the synthetic space into `path` (stopping after `limit` evaluations if set).
void run_shard(const tuner::Shard& s, const std::string& path, std::size_t limit = 0, nlohmann::json extra = {}) {
  test::SyntheticSpace space;
  const auto points = tuner::shard_points(tuner::valid_points(space), s);
  extra.update(tuner::shard_header(s, points.size()));
  tuner::EvalCache cache(path, tuner::cache_header(space, extra));
  tuner::Evaluator ev(space, cache);
  ev.evaluate_all(limit ? std::vector<tuner::Point>(points.begin(), points.begin() + static_cast<long>(limit))
                        : points);
}
std::vector<std::string> run_all(std::size_t n, const std::string& tag) {
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < n; ++i) {
    paths.push_back(fresh(tag + "-" + std::to_string(i) + ".jsonl"));
    run_shard({i, n}, paths.back());
  }
  return paths;
}
}  // namespace

TEST_CASE("a shard given as i/N is parsed strictly", "[tuner][shard]") {
  const auto s = tuner::parse_shard("2/5");
  CHECK(s.index == 2);
  CHECK(s.count == 5);
  CHECK(s.text() == "2/5");
  CHECK(tuner::parse_shard("0/1").count == 1);
  for (const char* bad :
       {"", "/", "1", "1/", "/2", "a/2", "1/b", "-1/2", "1/-2", " 1/2", "1/2 ", "1.0/2", "1/2/3", "0x1/2"})
    CHECK_THROWS_WITH(tuner::parse_shard(bad), Contains("is not i/N") && Contains("0 <= i < N"));
  CHECK_THROWS_WITH(tuner::parse_shard("2/2"), Contains("i must be below N"));
  CHECK_THROWS_WITH(tuner::parse_shard("0/0"), Contains("N must be 1 to 100000"));
  CHECK_THROWS_WITH(tuner::parse_shard("0/100001"), Contains("N must be 1 to 100000"));
  CHECK_THROWS_WITH(tuner::parse_shard("0/99999999999999999999"), Contains("is not i/N"));
}

TEST_CASE("the shards of a split cover every valid point exactly once, in balanced parts", "[tuner][shard]") {
  test::SyntheticSpace space;
  const auto all = tuner::valid_points(space);
  for (std::size_t n : {1u, 2u, 3u, 7u, 1000u}) {
    std::multiset<tuner::Point> seen;
    std::size_t smallest = all.size(), largest = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const auto part = tuner::shard_points(all, {i, n});
      seen.insert(part.begin(), part.end());
      smallest = std::min(smallest, part.size());
      largest = std::max(largest, part.size());
    }
    CHECK(seen.size() == all.size());
    CHECK(std::set<tuner::Point>(seen.begin(), seen.end()).size() == all.size());
    CHECK(largest - smallest <= 1);
  }
  CHECK(tuner::shard_points(all, {1, 3}) == tuner::shard_points(all, {1, 3}));  // deterministic
}

TEST_CASE("merged shards hold exactly an unsharded exhaustive run's configurations and optimum", "[tuner][shard]") {
  test::SyntheticSpace space;
  const auto whole = fresh("whole.jsonl");
  {
    tuner::EvalCache cache(whole, tuner::cache_header(space, {}));
    tuner::Evaluator ev(space, cache);
    tuner::run_strategy("exhaustive", ev, 0, 1);
  }
  const auto paths = run_all(3, "ok");
  const auto out = fresh("merged.jsonl");
  const auto s = tuner::merge_shards(out, paths);
  CHECK(s.shards == 3);
  const auto a = tuner::read_cache(whole), b = tuner::read_cache(out);
  CHECK(s.rows == a.rows.size());
  std::set<std::string> ka, kb;
  for (const auto& [id, m] : a.rows) ka.insert(id);
  for (const auto& [id, m] : b.rows) kb.insert(id);
  CHECK(ka == kb);
  CHECK(b.header.value("merged_shards", 0) == 3);
  CHECK_FALSE(b.header.contains("shard"));
  CHECK(tuner::ReplaySpace(out).optimum_ms() == tuner::ReplaySpace(whole).optimum_ms());
}

TEST_CASE("a shard resumes its own cache and refuses another shard's", "[tuner][shard]") {
  const auto path = fresh("resume-0-of-2.jsonl");
  run_shard({0, 2}, path, 10);
  CHECK_NOTHROW(tuner::check_shard_resume(path, tuner::Shard{0, 2}));
  CHECK_THROWS_WITH(tuner::check_shard_resume(path, tuner::Shard{1, 2}), Contains("holds shard 0/2, not shard 1/2"));
  CHECK_THROWS_WITH(tuner::check_shard_resume(path, std::nullopt), Contains("holds shard 0/2, not an unsharded run"));
  CHECK_NOTHROW(tuner::check_shard_resume(fresh("absent.jsonl"), tuner::Shard{1, 2}));
  // Incomplete: the merge refuses it, naming the count; finishing the shard makes it mergeable.
  const auto other = fresh("resume-1-of-2.jsonl");
  run_shard({1, 2}, other);
  const auto out = fresh("resume-merged.jsonl");
  CHECK_THROWS_WITH(tuner::merge_shards(out, {path, other}),
                    Contains("holds 10 of its") && Contains("rerun that shard"));
  CHECK_FALSE(std::filesystem::exists(out));
  run_shard({0, 2}, path);
  CHECK(tuner::merge_shards(out, {path, other}).shards == 2);
}

TEST_CASE("the merge refuses shards that do not add up to one exhaustive run", "[tuner][shard]") {
  const auto paths = run_all(3, "bad");
  const auto out = fresh("bad-merged.jsonl");
  CHECK_THROWS_WITH(tuner::merge_shards(out, {}), Contains("needs the shard caches"));
  CHECK_THROWS_WITH(tuner::merge_shards(out, {paths[0], paths[1]}),
                    Contains("shard 2/3 missing") && Contains("run it"));
  CHECK_THROWS_WITH(tuner::merge_shards(out, {paths[0], paths[1], paths[1]}), Contains("shard 1/3 is given twice"));
  CHECK_THROWS_WITH(tuner::merge_shards(paths[0], paths), Contains("is one of the shards"));
  const auto two = fresh("bad-other-split.jsonl");
  run_shard({1, 2}, two);
  CHECK_THROWS_WITH(tuner::merge_shards(out, {paths[0], two}), Contains("is shard 1/2 but") && Contains("one of 3"));
  const auto dev = fresh("bad-device-1.jsonl");
  run_shard({1, 3}, dev, 0, {{"device", "another GPU"}});
  CHECK_THROWS_WITH(tuner::merge_shards(out, {paths[0], dev, paths[2]}), Contains("differ in device"));
  // A cache that is no shard (an unsharded run), and a configuration in two shards.
  test::SyntheticSpace space;
  const auto plain = fresh("bad-plain.jsonl");
  {
    tuner::EvalCache cache(plain, tuner::cache_header(space, {}));
    tuner::Evaluator ev(space, cache);
    ev.evaluate(tuner::valid_points(space).front());
  }
  CHECK_THROWS_WITH(tuner::merge_shards(out, {plain}), Contains("is not a shard's cache"));
  const auto dup = fresh("bad-dup.jsonl");
  {
    std::ifstream in(paths[1]);
    std::ofstream o(dup);
    std::string line;
    std::getline(in, line);
    o << line << "\n";
    std::ifstream first(paths[0]);
    std::getline(first, line);  // header of shard 0
    std::getline(first, line);  // its first row, now also in "shard 1"
    std::size_t n = 0;
    o << line << "\n";
    while (std::getline(in, line)) {
      if (++n == 1) continue;  // keep the row count: one row of shard 1 replaced
      o << line << "\n";
    }
  }
  CHECK_THROWS_WITH(tuner::merge_shards(out, {paths[0], dup, paths[2]}), Contains("is in") && Contains("disjoint"));
  CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("run tuning takes a covering exhaustive cache's optimum as the best known, else says why not",
          "[tuner][shard]") {
  test::SyntheticSpace space;
  const auto paths = run_all(2, "gt");
  const auto merged = fresh("synthetic_ground_truth.jsonl");
  tuner::merge_shards(merged, paths);
  CHECK_FALSE(read_ground_truth(fresh("none.jsonl"), space, "GPU X").has_value());
  // The shards' header has no device: a ground truth must name the run's device.
  const auto gt = read_ground_truth(merged, space, "GPU X");
  REQUIRE(gt.has_value());
  CHECK_THAT(gt->ignored, Contains("measured on null, not on \"GPU X\""));
  // Measured on the device: the synthetic optimum (11, 4, 0) at 1 ms, and a run's best judged by
  // the exhaustive time of its configuration, not by its own sample.
  // A copy of the merged cache naming the device, with its first `rows` rows (all by default).
  const auto named = [&](const std::string& name, std::size_t rows) {
    const auto path = fresh(name);
    std::ifstream in(merged);
    std::ofstream out(path);
    std::string line;
    std::getline(in, line);
    auto head = nlohmann::json::parse(line);
    head["device"] = "GPU X";
    out << head.dump() << "\n";
    for (std::size_t n = 0; n < rows && std::getline(in, line); ++n) out << line << "\n";
    return path;
  };
  const auto on_device = named("on-device.jsonl", tuner::valid_points(space).size());
  const auto ok = read_ground_truth(on_device, space, "GPU X");
  REQUIRE(ok.has_value());
  CHECK(ok->ignored.empty());
  CHECK(ok->record["shards"] == 2);
  nlohmann::json entry = {{"runs",
                           {{"random", {{"best", {{"variant_id", "x11/y6/z0"}, {"time_ms", 0.5}}}}},
                            {"guided", {{"best", {{"variant_id", "x11/y4/z0"}, {"time_ms", 1.2}}}}},
                            {"paper", {{"best", nullptr}}}}}};
  apply_ground_truth(entry, *ok, {{"variant_id", "x11/y4/z0"}, {"time_ms", 1.0}});
  CHECK(entry["best_known"]["found_by"] == kGroundTruthFoundBy);
  CHECK(entry["runs"]["guided"]["of_best_known"].get<double>() == Approx(1.0));
  // (11, 6, 0) takes 1 + 4/30 ms in the exhaustive run: its lucky 0.5 ms sample does not count.
  CHECK(entry["runs"]["random"]["of_best_known"].get<double>() == Approx(1.0 / (1.0 + 4.0 / 30.0)));
  CHECK_FALSE(entry["runs"]["paper"].contains("of_best_known"));
  // Incomplete (one shard's rows only) or another setup: recorded as ignored, best known kept.
  const auto partial = read_ground_truth(named("partial.jsonl", 100), space, "GPU X");
  REQUIRE(partial.has_value());
  CHECK_THAT(partial->ignored,
             Contains("covers 100 of the " + std::to_string(tuner::valid_points(space).size()) + " valid points"));
  test::SyntheticSpace other;
  other.setup_text = "another setup";
  const auto wrong = read_ground_truth(on_device, other, "GPU X");
  CHECK_THAT(wrong->ignored, Contains("measured with setup") && Contains("another setup"));
  nlohmann::json kept = {{"best_known", {{"time_ms", 2.0}}}};
  apply_ground_truth(kept, *wrong, {{"time_ms", 1.0}});
  CHECK(kept["best_known"]["time_ms"] == 2.0);
  CHECK(kept["ground_truth"].contains("ignored"));
}
