#pragma once
// nlohmann::json's exception texts without their "[json.exception.type_error.302] " prefix: the
// part a user can act on, for filterlab::Error messages that name the file and the key or line.
#include <nlohmann/json.hpp>
#include <string>

namespace filterlab {

inline std::string json_error_text(const nlohmann::json::exception& e) {
  std::string text = e.what();
  if (text.rfind("[json.exception.", 0) == 0) {
    const auto end = text.find("] ");
    if (end != std::string::npos) text.erase(0, end + 2);
  }
  return text;
}

}  // namespace filterlab
