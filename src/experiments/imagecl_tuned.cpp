#include "experiments/imagecl_tuned.hpp"

#include <fstream>

#include "error.hpp"

namespace filterlab {

int paper_side(const std::string& benchmark) {
  if (benchmark == "sepconv") return 4096;
  if (benchmark == "conv2d_u8") return 8192;
  return 5120;
}

nlohmann::json read_tuning(const std::string& path) {
  std::ifstream in(path);
  if (!in) return nullptr;
  try {
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw Error(path + " is not valid JSON (" + e.what() + ")", "rerun the tuning experiment or remove the file");
  }
}

Tuned tuned_config(const nlohmann::json& tuning, const std::string& kernel, const imagecl::KernelSpace& space) {
  if (tuning.is_null()) return {{}, {{"none", "no tuning result for this device in the results directory"}}};
  const auto best = tuning.value("best", nlohmann::json::object()).value("imagecl." + kernel, nlohmann::json());
  if (best.is_null() || !best.contains("variant_id"))
    return {{}, {{"none", "the tuning result has no full-space best for this kernel"}}};
  const auto id = best["variant_id"].get<std::string>();
  nlohmann::json record = {
      {"variant_id", id},
      {"found_by", best.value("found_by", "")},
      {"tuned_ms", best.value("time_ms", 0.0)},
      {"commit", tuning.value("provenance", nlohmann::json::object()).value("commit", nlohmann::json())}};
  try {
    return {imagecl::parse_config_id(space, id), record};
  } catch (const Error& e) {
    record["none"] = std::string("this build's space cannot express it: ") + e.what();
    return {{}, record};
  }
}

bool paper_transformations_only(const imagecl::KernelSpace& space, const imagecl::Config& config) {
  for (const auto& a : space.args)
    if (!a.stage.empty()) return false;
  static const char* const extensions[] = {"ICL_INTERIOR", "ICL_WINDOW_", "ICL_VECTOR_", "ICL_LITERAL_"};
  for (std::size_t i = 0; i < space.params.size() && i < config.size(); ++i)
    for (const char* e : extensions)
      if (space.params[i].define.rfind(e, 0) == 0 && config[i] != space.params[i].values.front()) return false;
  return true;
}

Tuned paper_tuned_config(const nlohmann::json& tuning, const std::string& kernel, const imagecl::KernelSpace& space) {
  if (tuning.is_null()) return {{}, {{"none", "no tuning result for this device in the results directory"}}};
  const auto best = tuning.value("best", nlohmann::json::object());
  const std::string prefix = "imagecl." + kernel;
  Tuned pick{{},
             {{"none", "the tuning result has no configuration of this kernel with the paper's transformations only"}}};
  double pick_ms = 0;
  for (const auto& [key, entry] : best.items()) {
    if (key != prefix && key.rfind(prefix + ":", 0) != 0) continue;
    if (!entry.contains("variant_id") || !entry.contains("time_ms")) continue;
    const double ms = entry["time_ms"].get<double>();
    if (!pick.config.empty() && ms >= pick_ms) continue;
    imagecl::Config c;
    try {
      c = imagecl::parse_config_id(space, entry["variant_id"].get<std::string>());
    } catch (const Error&) {
      continue;  // a configuration this build's space cannot express
    }
    if (!paper_transformations_only(space, c)) continue;
    const auto by = entry.value("found_by", "");
    pick = {c,
            {{"variant_id", entry["variant_id"]},
             {"found_by", by.empty() ? key + " (exhaustive)" : by},
             {"tuned_ms", ms},
             {"commit", tuning.value("provenance", nlohmann::json::object()).value("commit", nlohmann::json())}}};
    pick_ms = ms;
  }
  return pick;
}

std::optional<imagecl::Config> exact_twin(const imagecl::KernelSpace& space, const imagecl::Config& config) {
  for (std::size_t i = 0; i < space.params.size(); ++i)
    if (space.params[i].name == "exact" && config[i] == 0) {
      auto twin = config;
      twin[i] = 1;
      return twin;
    }
  return std::nullopt;
}

}  // namespace filterlab
