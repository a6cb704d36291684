#include "experiments/freshness.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>

#include "build_info.hpp"
#include "ocl/program.hpp"

namespace filterlab::experiments {

namespace {

// The hash the kernel file has now (embedded, or from the override directory); nullopt for a file
// that is no OpenCL kernel of ours (the CUDA peers' scripts and sources): the commit, which holds
// them, already matched.
std::optional<std::string> current_hash(const std::string& file) {
  try {
    const auto source = ocl::load_program_source({file});
    const auto it = source.hashes.find(file);
    return it == source.hashes.end() ? "" : it->second;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::string result_path(const std::string& results_dir, const std::string& experiment, const ocl::Device& device) {
  return results_dir + "/" + experiment + "/" + device.info.slug + ".json";
}

std::string stale_reason(const std::string& result_file) {
  std::ifstream in(result_file);
  if (!in) return "no result file " + result_file;
  nlohmann::json data;
  try {
    in >> data;
  } catch (const std::exception& e) {
    return result_file + " is not valid JSON (" + e.what() + ")";
  }
  if (!data.is_object() || !data.contains("provenance") || !data["provenance"].is_object())
    return result_file + " has no provenance";
  const auto& prov = data["provenance"];
  const std::string commit = prov.value("commit", std::string());
  if (commit != kCommit)
    return result_file + " was produced at commit " + (commit.empty() ? "(none)" : commit) + ", this binary is " +
           kCommit;
  // A modified tree's commit does not say what code ran: such results are never kept.
  if (kCommitDirty)
    return "this binary was built from a modified tree of " + std::string(kCommit) +
           ": no result can be shown to be from the same code";
  if (prov.value("commit_dirty", false)) return result_file + " was produced by a binary built from a modified tree";
  const auto sources = prov.find("kernel_sources");
  if (sources == prov.end() || !sources->is_object()) return "";  // no kernels (e.g. the CUDA peers)
  for (const auto& [file, hash] : sources->items()) {
    if (file.rfind("generated/", 0) == 0) continue;  // made by this commit's C++ at run time
    const auto now = current_hash(file);
    if (!now) continue;
    if (!hash.is_string() || *now != hash.get<std::string>())
      return result_file + ": kernel " + file + " differs from the one it was produced with";
  }
  return "";
}

}  // namespace filterlab::experiments
