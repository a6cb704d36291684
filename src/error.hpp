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

// A device limit forbids the request (a work-group, an image or memory beyond what the device
// offers): the combination is unsupported on that device, which `verify` and the experiments
// report as such rather than as a wrong result.
class Unsupported : public Error {
 public:
  using Error::Error;
};

}  // namespace filterlab
