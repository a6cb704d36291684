#pragma once
// `--max-unrolled N` of the commands that check sampled ImageCL configurations (imagecl check,
// imagecl-check), and how their output states the cap.
#include <CLI/CLI.hpp>
#include <string>

#include "cli/number_options.hpp"
#include "imagecl/space.hpp"

namespace filterlab::cli {

inline void add_max_unrolled(CLI::App* app, long& target) {
  add_integer(app, "--max-unrolled", target, 0, 1 << 20,
              "Sample only configurations whose work-item repeats its body at most N times (register windows, "
              "vector stores and private tiles unroll the coarsening; verify and the tests use " +
                  std::to_string(imagecl::kCheckMaxUnrolled) + "; 0: no limit)",
              true);
}

// ", bodies unrolled at most N times" when a cap is set, else "".
inline std::string max_unrolled_note(long max_unrolled) {
  return max_unrolled > 0 ? ", bodies unrolled at most " + std::to_string(max_unrolled) + " times" : "";
}

}  // namespace filterlab::cli
