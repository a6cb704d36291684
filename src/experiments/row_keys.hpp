#pragma once
// The key contract of every result file (schema_version 2): each row names its `family` (e.g.
// "scharr.single"), its `variant_id` (the family's full stable ID of the implementation, e.g.
// "scharr.double_local/images/k5/wg16x16") and its `case_id` (the variant ID plus what varies
// from row to row within the file, e.g. "/512/full" for a size and ROI; the variant ID itself
// where nothing else varies), so that the analysis never re-parses an ID.
// experiments/schemas/<experiment>.schema.json describes each file.
#include <nlohmann/json.hpp>
#include <string>

namespace filterlab {

inline constexpr int kResultSchemaVersion = 2;

// `case_part` "" gives case_id == variant_id.
inline void add_row_keys(nlohmann::json& row, const std::string& family, const std::string& variant_id,
                         const std::string& case_part = "") {
  row["family"] = family;
  row["variant_id"] = variant_id;
  row["case_id"] = case_part.empty() ? variant_id : variant_id + "/" + case_part;
}

// The file's head: its layout (`schema`, e.g. "filterlab.result/2"), schema_version and experiment.
inline void add_result_head(nlohmann::json& result, const std::string& layout, const std::string& experiment) {
  result["schema"] = layout + "/" + std::to_string(kResultSchemaVersion);
  result["schema_version"] = kResultSchemaVersion;
  result["experiment"] = experiment;
}

}  // namespace filterlab
