#pragma once
// Whether committed results name the programs this binary builds: for every result row whose
// variant ID a family owns, its recorded build options and program SHA-256 must be among the
// variant's programs (FilterFamily::programs_of). A refactoring that moved an ID, a -D switch or a
// byte of a kernel shows here before any result is re-run.
#include <string>
#include <vector>

namespace filterlab {

struct ProgramCheck {
  std::string file;
  std::size_t rows = 0, checked = 0;    // rows read; rows a family owns and compared
  std::vector<std::string> not_ours;    // variant IDs of rows no family owns (roofline probes, peers)
  std::vector<std::string> mismatches;  // "<case_id>: build options ... recorded, ... now"
};

// Every <results_dir>/<experiment>/<device>.json with a "rows" array, in path order. Throws
// filterlab::Error for an unreadable directory or a file that is not JSON.
std::vector<ProgramCheck> check_result_programs(const std::string& results_dir);

}  // namespace filterlab
