// `filterlab filter`: one registered variant on a user's image. The family registry decides which
// family owns --family; that family validates the options that apply to it and runs.
#include <cmath>

#include "cli/commands.hpp"
#include "error.hpp"
#include "families/family.hpp"

namespace filterlab::cli {

int cmd_filter(const FilterArgs& a) {
  const auto& family = family_for_filter(a.family);
  // Options every family reads the same way, checked before any family touches a file.
  if (!std::isfinite(a.border_value))
    throw Error("--border-value must be a finite number", "e.g. --border-value 0 (NaN or infinity would spread into every output near the border)");
  if (a.border_value_given && a.border != "constant")
    throw Error("--border-value applies to --border constant only, not to --border " + a.border + (a.border_given ? "" : " (the default)"),
                "drop --border-value or give --border constant");
  return family.filter(a);
}

}  // namespace filterlab::cli
