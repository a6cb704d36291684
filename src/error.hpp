#pragma once
// FilterLab's one exception type: a message that says what was wrong and what to do about it.
#include <stdexcept>
#include <string>

namespace filterlab {

class Error : public std::runtime_error {
 public:
  Error(const std::string& what, const std::string& hint = "")
      : std::runtime_error(hint.empty() ? what : what + ": " + hint) {}
};

}  // namespace filterlab
