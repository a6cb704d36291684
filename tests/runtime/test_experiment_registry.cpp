// The experiment registry's rules and the resumable pipeline's freshness check, without a device.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "build_info.hpp"
#include "error.hpp"
#include "experiments/freshness.hpp"
#include "experiments/registry.hpp"
#include "ocl/program.hpp"

using namespace filterlab::experiments;

namespace {

RunOptions given(std::set<std::string> names) {
  RunOptions o;
  o.results_dir = "r";
  o.given = std::move(names);
  o.given.insert("--results");
  return o;
}

std::string write_result(const std::string& name, const nlohmann::json& provenance) {
  const std::string path = "experiment_registry_" + name + ".json";
  std::ofstream(path) << nlohmann::json{{"experiment", "x"}, {"provenance", provenance}}.dump();
  return path;
}

}  // namespace

TEST_CASE("every experiment is registered once with its analysis and schema", "[experiments]") {
  std::set<std::string> names;
  for (const auto& e : registry()) {
    INFO(e.name);
    CHECK(names.insert(e.name).second);
    CHECK(!e.study.empty());
    CHECK(!e.analysis.empty());
    CHECK(e.schema == e.name + ".schema.json");
    CHECK((e.run || e.runner != "filterlab"));
    CHECK(!e.cpu_scale.empty());
  }
  CHECK(names.count("tuning") == 1);
  CHECK(registry_json()["experiments"].size() == registry().size());
}

TEST_CASE("an option that does not apply to an experiment is an error naming it", "[experiments]") {
  const auto& sampler = find_experiment("sampler");
  CHECK_NOTHROW(check_options(sampler, given({"--device"})));
  CHECK_THROWS_WITH(check_options(sampler, given({"--scale"})),
                    Catch::Contains("--scale does not apply to the sampler"));
  auto tiled = given({"--max-size", "--variants"});
  CHECK_NOTHROW(check_options(find_experiment("tiled"), tiled));
  CHECK_THROWS_WITH(check_options(find_experiment("tiled"), given({"--base"})),
                    Catch::Contains("--base does not apply"));
  CHECK_THROWS_WITH(check_options(find_experiment("epsilon"), given({})), Catch::Contains("epsilon needs --base"));
  CHECK_THROWS_WITH(check_options(find_experiment("peers"), given({})), Catch::Contains("run by filterlab-peers"));
  CHECK_THROWS_WITH(find_experiment("nosuch"), Catch::Contains("available: roofline, scharr_single_storage"));
}

TEST_CASE("every experiment declares its options once, each default inside its range", "[experiments]") {
  for (const auto& e : registry()) {
    INFO(e.name);
    std::set<std::string> names;
    const filterlab::OptionValues defaults(e.options, {});
    for (const auto& spec : e.options) {
      INFO(spec.name);
      CHECK(names.insert(spec.name).second);
      CHECK(spec.name.rfind("--", 0) == 0);
      CHECK(!spec.help.empty());
      CHECK_FALSE(defaults.given(spec.name));
      if (spec.kind == filterlab::OptionSpec::Kind::Integer) CHECK_NOTHROW(defaults.integer(spec.name));
      if (spec.kind == filterlab::OptionSpec::Kind::Number) CHECK_NOTHROW(defaults.number(spec.name));
    }
    for (const char* common : {"--device", "--results", "--warmup", "--base"}) CHECK(names.count(common) == 0);
  }
  // A typed value is read within the experiment's declared range.
  const auto& tuning = find_experiment("tuning");
  CHECK(filterlab::OptionValues(tuning.options, {{"--seeds", "7"}}).integer("--seeds") == 7);
  CHECK_THROWS_WITH(filterlab::OptionValues(tuning.options, {{"--wide", "2"}}).integer("--wide"),
                    Catch::Contains("--wide"));
}

TEST_CASE("a result is kept only when commit and kernel hashes are this binary's", "[experiments]") {
  const std::string kernel = "tiled/amd.cl";
  const std::string hash = filterlab::ocl::load_program_source({kernel}).hashes.at(kernel);
  nlohmann::json prov{{"commit", filterlab::kCommit}, {"kernel_sources", {{kernel, hash}, {"generated/taps", "x"}}}};
  const auto same = write_result("same", prov);
  if (filterlab::kCommitDirty)  // a modified tree's commit does not identify the code
    CHECK_THAT(stale_reason(same), Catch::Contains("modified tree"));
  else
    CHECK(stale_reason(same).empty());

  auto other_commit = prov;
  other_commit["commit"] = "0000000000000000000000000000000000000000";
  CHECK_THAT(stale_reason(write_result("commit", other_commit)), Catch::Contains("produced at commit 0000"));

  auto dirty = prov;
  dirty["commit_dirty"] = true;
  CHECK_THAT(stale_reason(write_result("dirty", dirty)), Catch::Contains("modified tree"));

  if (!filterlab::kCommitDirty) {  // (a modified tree is stale before the kernels are compared)
    auto other_kernel = prov;
    other_kernel["kernel_sources"][kernel] = "deadbeef";
    CHECK_THAT(stale_reason(write_result("kernel", other_kernel)), Catch::Contains("kernel tiled/amd.cl differs"));
  }

  CHECK_THAT(stale_reason("experiment_registry_missing.json"), Catch::Contains("no result file"));
  std::ofstream("experiment_registry_bad.json") << "{ not json";
  CHECK_THAT(stale_reason("experiment_registry_bad.json"), Catch::Contains("not valid JSON"));
  for (const char* f : {"same", "commit", "dirty", "kernel", "bad"})
    std::remove(("experiment_registry_" + std::string(f) + ".json").c_str());
}
