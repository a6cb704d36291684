// The resumable cache: rows survive a restart, a torn last line is dropped, an interrupted
// exhaustive run continues where it stopped, and a cache of another space is refused.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "error.hpp"
#include "synthetic_space.hpp"
#include "tuner/cache.hpp"
#include "tuner/replay_space.hpp"
#include "tuner/strategy.hpp"

using namespace filterlab;

namespace {
std::string fresh_path(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "filterlab-tuner-tests";
  std::filesystem::create_directories(dir);
  const auto p = dir / name;
  std::filesystem::remove(p);
  return p.string();
}
std::size_t lines_of(const std::string& path) {
  std::ifstream in(path);
  std::string l;
  std::size_t n = 0;
  while (std::getline(in, l)) n += l.empty() ? 0 : 1;
  return n;
}
}  // namespace

TEST_CASE("an interrupted exhaustive run resumes where it stopped and evaluates every point once") {
  test::SyntheticSpace space;
  const auto path = fresh_path("resume.jsonl");
  const auto valid = tuner::valid_points(space).size();
  space.interrupt_after = 40;
  {
    tuner::EvalCache cache(path, tuner::cache_header(space, {}));
    tuner::Evaluator ev(space, cache);
    REQUIRE_THROWS_AS(tuner::run_strategy("exhaustive", ev, 0, 1), test::Interrupted);
  }
  REQUIRE(lines_of(path) == 1 + 40);
  // A crash in the middle of writing a row leaves a torn line: it is dropped on reopening.
  { std::ofstream(path, std::ios::app) << R"({"id":"x9/y9/z0","point":[9,9,0],"val)"; }
  space.interrupt_after = -1;
  space.calls = 0;
  tuner::EvalCache cache(path, tuner::cache_header(space, {}));
  CHECK(cache.size() == 40);
  tuner::Evaluator ev(space, cache);
  tuner::run_strategy("exhaustive", ev, 0, 1);
  CHECK(space.calls == static_cast<int>(valid - 40));
  CHECK(ev.trace().size() == valid);
  CHECK(lines_of(path) == 1 + valid);
  const auto file = tuner::read_cache(path);
  CHECK(file.rows.size() == valid);
  CHECK(file.rows.at("x11/y4/z0").time_ms == Approx(1.0));
}

TEST_CASE("a cache written for another space or setup is refused with what to do") {
  test::SyntheticSpace space;
  const auto path = fresh_path("other.jsonl");
  { tuner::EvalCache cache(path, tuner::cache_header(space, {})); }
  nlohmann::json other = tuner::cache_header(space, {});
  other["space"] = "something.else";
  REQUIRE_THROWS_WITH(tuner::EvalCache(path, other),
                      Catch::Contains("was written for space") && Catch::Contains("another --cache"));
}

TEST_CASE("a cache measured with another number of compute units is refused with what to do") {
  test::SyntheticSpace space;
  const auto path = fresh_path("units.jsonl");
  const auto header = [&](int units) { return tuner::cache_header(space, {{"device", {{"compute_units", units}}}}); };
  { tuner::EvalCache cache(path, header(16)); }
  REQUIRE_THROWS_WITH(tuner::EvalCache(path, header(8)),
                      Catch::Contains("16 compute units; this one has 8") && Catch::Contains("POCL_CPU_MAX_CU_COUNT"));
  CHECK_NOTHROW(tuner::EvalCache(path, header(16)));
  CHECK_NOTHROW(tuner::EvalCache(path, tuner::cache_header(space, {{"device", "a name only"}})));
}

TEST_CASE("invalid points are recorded with their kind and reason and never stop a run") {
  test::SyntheticSpace space;
  const auto path = fresh_path("invalid.jsonl");
  {
    tuner::EvalCache cache(path, tuner::cache_header(space, {}));
    tuner::Evaluator ev(space, cache);
    tuner::run_strategy("exhaustive", ev, 0, 1);
  }
  const auto rows = tuner::read_cache(path).rows;
  const auto& build = rows.at("x3/y3/z1");
  CHECK(build.invalid == tuner::Invalid::kBuild);
  CHECK(build.reason == "synthetic build failure");
  CHECK(rows.at("x5/y7/z0").invalid == tuner::Invalid::kWrongOutput);
  CHECK(rows.at("x5/y7/z0").reason == "synthetic wrong output");
  CHECK(rows.count("x15/y15/z0") == 0);  // a constraint excludes it before any evaluation
  std::size_t invalid = 0;
  for (const auto& [id, m] : rows) invalid += m.valid() ? 0 : 1;
  CHECK(invalid == 4);
  // The replay sees the same invalid rows.
  tuner::ReplaySpace replay(path);
  CHECK(replay.evaluate({3, 3, 0}).invalid == tuner::Invalid::kBuild);
  CHECK(!replay.violation({15, 15, 0}).empty());
  CHECK(replay.optimum_ms() == Approx(1.0));
}
