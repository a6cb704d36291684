// `filterlab filter`: one registered variant on a user's image. The family registry decides which
// family owns --family; the options typed must be ones that family declares, and it reads them.
#include <CLI/CLI.hpp>
#include <memory>

#include "cli/commands.hpp"
#include "cli/declared_cli.hpp"
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

Command add_filter(CLI::App& app) {
  const auto args = std::make_shared<FilterArgs>();
  auto& filter = *args;
  const auto typed = std::make_shared<std::map<std::string, std::string>>();
  auto& filter_typed = *typed;
  auto* c_filter =
      app.add_subcommand("filter", "Apply one variant to an image file and write the float result (.pfm/.tif)");
  c_filter->add_option("--device", filter.device, kDeviceHelp);
  c_filter->add_option("--family", filter.family, "Variant family or tiled design (see `filterlab variants`)")
      ->capture_default_str();
  // Each family's own options (FilterFamily::filter_options), offered once each.
  {
    std::vector<OwnedOption> owned;
    for (const auto& f : filterlab::filter_families())
      for (auto& spec : f->filter_options()) owned.emplace_back(f->name(), std::move(spec));
    add_declared_options(c_filter, owned, filter_typed);
  }
  c_filter
      ->add_option("input", filter.input,
                   "Input image (PGM/PFM, or any format OpenCV reads). 8-bit and 16-bit inputs are scaled to [0, 1] "
                   "(PGM: divided by its maxval; other formats by 255 or 65535); float inputs (PFM, 32-bit TIFF) are "
                   "read as they are")
      ->required();
  c_filter->add_option("output", filter.output, "Output image (.pfm, or .tif with OpenCV)")->required();
  return {c_filter, [args, typed] { return cmd_filter(*args, *typed); }};
}

}  // namespace filterlab::cli
