#pragma once
// Compiling ImageCL text or the repository's .icl files in a test, and reading the space back.
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "compiler.hpp"

namespace filterlab::test {

inline std::string read_source(const std::string& relative) {
  std::ifstream in(std::string(FILTERLAB_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string read_file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline imagecl::CompileResult compile_file(const std::string& relative) {
  return imagecl::compile(relative, read_source(relative));
}

inline nlohmann::json space_of(const imagecl::CompileResult& r) { return nlohmann::json::parse(r.space); }

// The values the space offers for a parameter ([] when the parameter does not exist).
inline nlohmann::json values_of(const nlohmann::json& space, const std::string& param) {
  for (const auto& p : space["parameters"])
    if (p["name"] == param) return p["values"];
  return nlohmann::json::array();
}

}  // namespace filterlab::test
