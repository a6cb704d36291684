#pragma once
// Running a helper program (the ImageCL compiler, the host C++ compiler) without a shell, so that
// no path needs quoting, and keeping what it printed for the error message.
#include <string>
#include <vector>

namespace filterlab::imagecl {

struct ProcessResult {
  int exit_code = -1;  // -1: it could not be started or was killed by a signal
  int signal = 0;      // the signal that killed it, else 0
  std::string output;  // stdout and stderr together
  // How it ended, for messages: "exited with status 1", "was killed by signal 11 (Segmentation fault)".
  std::string status() const;
};

// Runs argv[0] (searched in PATH when it has no '/') with the arguments; never throws for a
// failing program (the caller decides what the failure means).
ProcessResult run_process(const std::vector<std::string>& argv);

}  // namespace filterlab::imagecl
