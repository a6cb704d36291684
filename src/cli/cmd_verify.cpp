// `filterlab verify`: every registered variant x verify case (border, or "-") on every selected
// device against the oracle. It iterates the family registry and names no family.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "families/family.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"
#include "util/parse_value.hpp"

namespace filterlab::cli {
namespace {

std::vector<std::string> parse_borders(const std::string& list) {
  std::vector<std::string> out;
  if (list.empty()) {
    for (ref::Border b : ref::kAllBorders) out.emplace_back(ref::border_name(b));
    return out;
  }
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    const auto b = ref::parse_border(name);
    if (!b) throw Error("unknown border '" + name + "' in --borders", "use " + ref::border_names_list());
    out.emplace_back(ref::border_name(*b));
  }
  return out;
}

// "i/n": this process verifies every n-th case starting at i (so that ctest can run shards in
// parallel); every case belongs to exactly one shard.
std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
  if (text.empty()) return {0, 1};
  const std::string form = "I/N with 0 <= I < N, e.g. --shard 0/4";
  const auto v = parse_integer_list(text, "--shard", '/', 2, 0, 1000000, form);
  if (v[1] == 0 || v[0] >= v[1]) throw Error("--shard '" + text + "' is not " + form);
  return {static_cast<std::size_t>(v[0]), static_cast<std::size_t>(v[1])};
}

void print_row(const std::array<std::string, 5>& cells, const std::string& result) {
  std::cout << std::left << std::setw(50) << cells[0] << std::setw(12) << cells[1] << std::setw(16) << cells[2]
            << std::setw(16) << cells[3] << std::setw(18) << cells[4] << result << "\n";
}

struct Case {
  VariantPtr variant;
  std::string name;    // border, or "-"
  std::string family;  // the registry's family, for its column headers
};

struct Tally {
  int run = 0, failures = 0, unsupported = 0;
  std::map<std::string, std::vector<std::string>> unsupported_by_device;
};

}  // namespace

int cmd_verify(const VerifyArgs& a) {
  const auto borders = parse_borders(a.borders);
  const auto [shard, shards] = parse_shard(a.shard);
  // The selection: every registered variant whose ID contains --variants, and each of its cases
  // that --borders keeps ("-" cases take no border and are always kept).
  std::vector<Case> cases;
  std::size_t matched_variants = 0, index = 0;
  for (const auto& f : filter_families())
    for (const auto& v : f->variants()) {
      if (!a.variants.empty() && v->id().find(a.variants) == std::string::npos) continue;
      ++matched_variants;
      for (const auto& c : v->verify_cases()) {
        if (c != "-" && std::find(borders.begin(), borders.end(), c) == borders.end()) continue;
        if (index++ % shards == shard) cases.push_back({v, c, f->name()});
      }
    }
  if (matched_variants == 0) {
    std::string ids;
    for (const auto& v : registered_filter_variants()) ids += "\n  " + v->id();
    throw Error("no registered variant matches '" + a.variants + "'", "registered variants are:" + ids);
  }
  if (cases.empty())
    throw Error(std::to_string(matched_variants) + " variant(s) match '" + a.variants +
                    "' but none takes the border(s) '" + a.borders + "'",
                "see the borders in `filterlab variants --cases`; epsilon steps take replicate only, pyramid and "
                "ImageCL checks no border");
  const auto devices = ocl::select_devices(a.device);
  Tally tally;
  for (const auto& d : devices) {
    ocl::Runtime rt(d);
    std::cout << "# " << d.info.platform << " / " << d.info.name << " (" << d.info.device_version << ", driver "
              << d.info.driver_version << ")" << (shards > 1 ? ", shard " + a.shard : "") << "\n";
    std::string headed;
    for (const auto& c : cases) {
      if (c.family != headed) {
        const auto& cols = [&]() -> const FilterFamily& {
          for (const auto& f : filter_families())
            if (f->name() == c.family) return *f;
          throw Error("internal: family " + c.family + " vanished");
        }();
        const auto h = cols.verify_columns();
        print_row({"variant", "case", h[0], h[1], h[2]}, "result");
        headed = c.family;
      }
      CaseOutcome o;
      std::cerr << "verifying " << c.variant->id() << " " << c.name << " on " << d.info.name << "   \r";
      try {
        o = c.variant->verify(rt, c.name);
        ++tally.run;
      } catch (const Unsupported& e) {
        o = CaseOutcome{true, std::string("unsupported: ") + e.what(), {"-", "-", "-"}};
        ++tally.unsupported;
        tally.unsupported_by_device[d.info.name].push_back(c.variant->id() + " " + c.name);
      } catch (const std::exception& e) {
        o = CaseOutcome{false, std::string("ERROR: ") + e.what(), {"-", "-", "-"}};
        ++tally.run;
      }
      if (!o.passed) ++tally.failures;
      print_row({c.variant->id(), c.name, o.cells[0], o.cells[1], o.cells[2]}, o.status);
    }
  }
  std::cerr << "\n";
  for (const auto& [device, ids] : tally.unsupported_by_device) {
    std::cout << "# " << device << " cannot run " << ids.size() << " case(s):";
    for (const auto& id : ids) std::cout << "\n#   " << id;
    std::cout << "\n";
  }
  // A device limit (Unsupported) is neither a pass nor a failure, but a run that checked nothing
  // cannot pass, and --strict refuses any case left unrun.
  std::cout << (tally.run - tally.failures) << " passed, " << tally.failures << " failed";
  if (tally.unsupported > 0) std::cout << ", " << tally.unsupported << " unsupported (a device limit forbids them)";
  std::cout << "\n";
  if (tally.run == 0) {
    std::cerr
        << "filterlab: error: verify checked nothing: every selected case is unsupported on the selected device(s)\n";
    return 1;
  }
  if (a.strict && tally.unsupported > 0) {
    std::cerr << "filterlab: error: " << tally.unsupported << " selected case(s) were not run (--strict)\n";
    return 1;
  }
  return tally.failures == 0 ? 0 : 1;
}

Command add_verify(CLI::App& app) {
  const auto args = std::make_shared<VerifyArgs>();
  auto& verify = *args;
  auto* c_verify =
      app.add_subcommand("verify", "Check every registered variant x border x size on every device against the oracle");
  c_verify->add_option("--device", verify.device, kDeviceHelp);
  c_verify->add_option("--variants", verify.variants, "Only variants whose ID contains this text");
  c_verify->add_option("--borders", verify.borders, "Comma-separated borders (default: all five)");
  c_verify->add_option("--shard", verify.shard, "I/N: verify every N-th selected case from the I-th (default: all)");
  c_verify->add_flag("--strict", verify.strict, "Fail when a selected case is unsupported on a device");
  return {c_verify, [args] { return cmd_verify(*args); }};
}

}  // namespace filterlab::cli
