#pragma once
// Runs one Clang front-end action on an in-memory file and collects everything Clang prints
// (diagnostics with file:line:column from #line, then "N errors generated.") into one string,
// in that order.
#include <clang/Frontend/FrontendAction.h>

#include <string>
#include <vector>

namespace filterlab::imagecl {
// `code` is stored as /imagecl/<name>; returns false when the action failed or reported errors.
bool run_clang(const std::string& name, const std::string& code, const std::vector<std::string>& flags,
               clang::FrontendAction& action, std::string& diagnostics);
}  // namespace filterlab::imagecl
