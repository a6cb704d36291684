#pragma once
// Writing an experiment's result: only when it holds at least one row, so that a selection or a
// setting that matched nothing is an error and never an empty file over an earlier result.
#include <nlohmann/json.hpp>
#include <string>

namespace filterlab {

// Writes result (JSON, or `text` when given) to path atomically after checking that result[rows_key]
// is a non-empty array or object; throws filterlab::Error naming the experiment and the path if not.
void write_result(const std::string& path, const nlohmann::json& result, const std::string& rows_key,
                  const std::string& text = "");

}  // namespace filterlab
