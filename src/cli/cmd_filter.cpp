// `filterlab filter`: one registered variant on a user's image. The family registry decides which
// family owns --family; the options typed must be ones that family declares, and it reads them.
#include "cli/commands.hpp"
#include "error.hpp"
#include "families/family.hpp"

namespace filterlab::cli {

int cmd_filter(FilterArgs a, const std::map<std::string, std::string>& typed) {
  const auto& family = family_for_filter(a.family);
  const auto specs = family.filter_options();
  const auto foreign = undeclared(specs, typed);
  if (!foreign.empty())
    throw Error(
        foreign + (foreign.find(',') == std::string::npos ? " does" : " do") + " not apply to " + a.family,
        a.family + " takes " + option_names(specs) + " (`filterlab filter --help` says which family takes what)");
  a.options = OptionValues(specs, typed);
  return family.filter(a);
}

}  // namespace filterlab::cli
