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
  if (best.is_null() || !best.contains("variant_id")) return {{}, {{"none", "the tuning result has no full-space best for this kernel"}}};
  const auto id = best["variant_id"].get<std::string>();
  nlohmann::json record = {{"variant_id", id}, {"found_by", best.value("found_by", "")}, {"tuned_ms", best.value("time_ms", 0.0)},
                           {"commit", tuning.value("provenance", nlohmann::json::object()).value("commit", nlohmann::json())}};
  try {
    return {imagecl::parse_config_id(space, id), record};
  } catch (const Error& e) {
    record["none"] = std::string("this build's space cannot express it: ") + e.what();
    return {{}, record};
  }
}

}  // namespace filterlab
