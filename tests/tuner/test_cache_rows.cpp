// Hostile tuning caches (issue 31): every row is schema-checked on read, and a row that is not a
// measurement (wrong types, a missing field, a negative time) is refused naming the file and the
// line, instead of nlohmann's raw text or a -5 ms "best".
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "error.hpp"
#include "synthetic_space.hpp"
#include "tuner/cache.hpp"
#include "tuner/replay_space.hpp"

using namespace filterlab;

namespace {

const std::string kHeader = R"({"schema":"filterlab.tuning-cache/1","space":"synthetic"})";
const std::string kGoodRow =
    R"({"id":"x1/y1/z0","point":[1,1,0],"valid":true,"time_ms":2.5,"q1_ms":2.4,"q3_ms":2.6,"samples_ms":[2.4,2.5,2.6]})";

std::string cache_with(const std::string& name, const std::string& row) {
  const auto dir = std::filesystem::temp_directory_path() / "filterlab-tuner-tests";
  std::filesystem::create_directories(dir);
  const auto path = (dir / name).string();
  std::ofstream(path) << kHeader << "\n" << kGoodRow << "\n" << row << "\n";
  return path;
}

}  // namespace

TEST_CASE("a hand-edited negative or non-finite time is refused naming the file and the line", "[cache][bad-input]") {
  const auto path = cache_with("negative.jsonl", R"({"id":"x2/y2/z0","point":[2,2,0],"valid":true,"time_ms":-5})");
  CHECK_THROWS_WITH(tuner::read_cache(path),
                    "line 3 of tuning cache " + path +
                        ": 'time_ms' is -5, not a time (a finite number of milliseconds, 0 or more): "
                        "the file was edited or damaged: fix or delete that line, or move the file away to "
                        "measure afresh");
  const auto q1 = cache_with("negative_q1.jsonl", R"({"id":"x2/y2/z0","valid":true,"time_ms":1,"q1_ms":-1})");
  CHECK_THROWS_WITH(tuner::read_cache(q1),
                    Catch::Contains("line 3 of tuning cache") && Catch::Contains("'q1_ms' is -1, not a time"));
  const auto sample =
      cache_with("negative_sample.jsonl", R"({"id":"x2/y2/z0","valid":true,"time_ms":1,"samples_ms":[1,-2]})");
  CHECK_THROWS_WITH(tuner::read_cache(sample), Catch::Contains("'samples_ms' is -2, not a time"));
  // JSON has no NaN: a null (what a NaN is written as) is no time either.
  const auto nan = cache_with("nan.jsonl", R"({"id":"x2/y2/z0","valid":true,"time_ms":null})");
  CHECK_THROWS_WITH(tuner::read_cache(nan), Catch::Contains("'time_ms' is null, not a time"));
  const auto missing = cache_with("missing.jsonl", R"({"id":"x2/y2/z0","valid":true})");
  CHECK_THROWS_WITH(tuner::read_cache(missing),
                    Catch::Contains("line 3 of tuning cache") && Catch::Contains("'time_ms' is missing"));
}

TEST_CASE("wrong-typed cache rows are refused naming the line and the field, not with json.exception text",
          "[cache][bad-input]") {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"id":5,"valid":true,"time_ms":1})", "'id' is 5, not a configuration ID"},
      {R"({"valid":true,"time_ms":1})", "'id' is missing, not a configuration ID"},
      {R"({"id":"a","valid":"yes","time_ms":1})", "'valid' is \"yes\", not true or false"},
      {R"({"id":"a","valid":true,"time_ms":"1"})", "'time_ms' is \"1\", not a time"},
      {R"({"id":"a","point":[1,"2"],"valid":true,"time_ms":1})", "'point' is [1,\"2\"], not a list of integers"},
      {R"({"id":"a","valid":false,"invalid":7})", "'invalid' is 7, not a kind of failure"},
      {R"({"id":"a","valid":false,"invalid":"oops"})", "unknown invalid-point kind 'oops'"},
      {R"({"id":"a","valid":false,"invalid":"none"})", "the row says valid false but 'invalid' is none"},
      {R"([1,2,3])", "the row is [1,2,3], not an object"},
  };
  for (const auto& [row, message] : cases) {
    INFO(row);
    const auto path = cache_with("typed.jsonl", row);
    CHECK_THROWS_WITH(tuner::read_cache(path), Catch::StartsWith("line 3 of tuning cache " + path + ": " + message) &&
                                                   !Catch::Contains("json.exception"));
  }
  const auto not_json = cache_with("not_json.jsonl", R"({"id":"a",)");
  CHECK_THROWS_WITH(tuner::read_cache(not_json),
                    Catch::StartsWith("line 3 of tuning cache " + not_json + " is not JSON (parse error") &&
                        !Catch::Contains("json.exception"));
}

TEST_CASE("a cache whose first line is no header object, or a directory, is refused", "[cache][bad-input]") {
  const auto dir = std::filesystem::temp_directory_path() / "filterlab-tuner-tests";
  std::filesystem::create_directories(dir / "a-directory.jsonl");
  const auto as_dir = (dir / "a-directory.jsonl").string();
  CHECK_THROWS_WITH(tuner::read_cache(as_dir), "tuning cache " + as_dir +
                                                   " is a directory, not a file: give --cache the path of a "
                                                   "file (it is created if absent)");
  test::SyntheticSpace space;
  CHECK_THROWS_WITH(tuner::EvalCache(as_dir, tuner::cache_header(space, {})),
                    Catch::Contains("is a directory, not a file"));
  CHECK_FALSE(std::filesystem::exists(as_dir + ".lock"));  // refused before its lock file is made
  const auto array = (dir / "array-header.jsonl").string();
  std::ofstream(array) << "[1]\n";
  CHECK_THROWS_WITH(
      tuner::read_cache(array),
      Catch::Contains("is not a tuning cache (its first line has schema '', not filterlab.tuning-cache/1)"));
}

TEST_CASE("a well-formed cache still reads, invalid rows and all", "[cache]") {
  const auto path =
      cache_with("good.jsonl", R"({"id":"x2/y2/z0","point":[2,2,0],"valid":false,"invalid":"build","reason":"no"})");
  const auto f = tuner::read_cache(path);
  REQUIRE(f.rows.size() == 2);
  CHECK(f.rows.at("x1/y1/z0").time_ms == 2.5);
  CHECK(f.rows.at("x1/y1/z0").samples_ms.size() == 3);
  CHECK(f.rows.at("x2/y2/z0").invalid == tuner::Invalid::kBuild);
}
