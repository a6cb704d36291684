// An experiment that produced no row is an error, and an earlier result is left as it was.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "experiments/result_file.hpp"

namespace fs = std::filesystem;

TEST_CASE("a result without rows is refused and the earlier file kept", "[io][bad-input]") {
  const auto dir = fs::temp_directory_path() / ("filterlab-result-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto path = (dir / "dev.json").string();
  std::ofstream(path) << "earlier\n";
  const nlohmann::json empty = {{"experiment", "tiled"}, {"rows", nlohmann::json::array()}};
  CHECK_THROWS_WITH(filterlab::write_result(path, empty, "rows"),
                    Catch::Contains("the tiled experiment produced no rows: nothing written to " + path));
  const nlohmann::json missing = {{"experiment", "tuning"}};
  CHECK_THROWS_WITH(filterlab::write_result(path, missing, "spaces"), Catch::Contains("produced no spaces"));
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  CHECK(text.str() == "earlier\n");
  const nlohmann::json one = {{"experiment", "tiled"}, {"rows", {{{"id", "a"}}}}};
  filterlab::write_result(path, one, "rows");
  CHECK(nlohmann::json::parse(std::ifstream(path))["rows"].size() == 1);
  fs::remove_all(dir);
}
