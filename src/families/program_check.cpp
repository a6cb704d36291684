#include "families/program_check.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "error.hpp"
#include "families/family.hpp"

namespace filterlab {
namespace {

namespace fs = std::filesystem;

std::optional<std::vector<ProgramRecord>> owned_programs(const std::string& id) {
  for (const auto& f : filter_families())
    if (auto p = f->programs_of(id)) return p;
  return std::nullopt;
}

// The program hash a row records: per row under either name the experiments use, else "".
std::string recorded_sha(const nlohmann::json& row) {
  for (const char* key : {"kernel_program_sha256", "program_sha256"})
    if (row.contains(key) && row[key].is_string()) return row[key].get<std::string>();
  return "";
}

std::string describe_now(const std::vector<ProgramRecord>& programs) {
  std::string out;
  for (const auto& p : programs)
    out += "\n    now (" + p.case_name + "): " + p.build_options + " sha256 " + p.sha256.substr(0, 12);
  return out.empty() ? "\n    now: no program" : out;
}

ProgramCheck check_file(const fs::path& path) {
  std::ifstream in(path);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw Error("cannot read result file " + path.string() + " as JSON: " + e.what(),
                "results are written by `filterlab run`; restore the file from git");
  }
  ProgramCheck c{path.string(), 0, 0, {}, {}};
  if (!doc.contains("rows") || !doc["rows"].is_array()) return c;
  std::set<std::string> not_ours;
  for (const auto& row : doc["rows"]) {
    ++c.rows;
    if (!row.contains("variant_id") || !row.contains("build_options")) continue;
    const auto id = row["variant_id"].get<std::string>();
    const auto programs = owned_programs(id);
    if (!programs) {
      not_ours.insert(id.substr(0, id.find('/')));
      continue;
    }
    ++c.checked;
    const auto options = row["build_options"].get<std::string>();
    const auto sha = recorded_sha(row);
    const bool found = std::any_of(programs->begin(), programs->end(), [&](const ProgramRecord& p) {
      return p.build_options == options && (sha.empty() || p.sha256 == sha);
    });
    if (!found)
      c.mismatches.push_back(row.value("case_id", id) + ": recorded " + options +
                             (sha.empty() ? "" : " sha256 " + sha.substr(0, 12)) + describe_now(*programs));
  }
  c.not_ours.assign(not_ours.begin(), not_ours.end());
  return c;
}

}  // namespace

std::vector<ProgramCheck> check_result_programs(const std::string& results_dir) {
  std::error_code ec;
  if (!fs::is_directory(results_dir, ec))
    throw Error("no results directory '" + results_dir + "'", "give the folder that holds <experiment>/<device>.json");
  std::vector<fs::path> files;
  for (const auto& experiment : fs::directory_iterator(results_dir)) {
    if (!experiment.is_directory() || experiment.path().filename() == "logs") continue;
    for (const auto& f : fs::directory_iterator(experiment.path()))
      if (f.is_regular_file() && f.path().extension() == ".json") files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<ProgramCheck> out;
  for (const auto& f : files) out.push_back(check_file(f));
  return out;
}

}  // namespace filterlab
