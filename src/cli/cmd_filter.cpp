// `filterlab filter`: one registered variant on a user's image. The family registry decides which
// family owns --family; that family validates the options that apply to it and runs.
#include "cli/commands.hpp"
#include "error.hpp"
#include "families/family.hpp"

namespace filterlab::cli {

int cmd_filter(const FilterArgs& a) {
  const auto& family = family_for_filter(a.family);
  // Options every family reads the same way, checked before any family touches a file.
  // (--border-value is finite: its option parser refuses nan and inf.)
  if (a.border_value_given && a.border != "constant")
    throw Error("--border-value applies to --border constant only, not to --border " + a.border +
                    (a.border_given ? "" : " (the default)"),
                "drop --border-value or give --border constant");
  return family.filter(a);
}

}  // namespace filterlab::cli
