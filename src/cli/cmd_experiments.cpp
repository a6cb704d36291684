#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "build_info.hpp"
#include "cli/commands.hpp"
#include "experiments/freshness.hpp"
#include "experiments/registry.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

namespace {

std::string words(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : " ") + i;
  return s;
}

void print_table() {
  for (const auto& e : experiments::registry()) {
    std::cout << e.name << " (" << e.study << (e.in_default_set ? "" : ", not in the default set")
              << "): " << e.description << "\n"
              << "  input: " << experiments::input_name(e.input) << "; runner: " << e.runner
              << "; analysis: experiments/analysis/filterlab_analysis/" << e.analysis
              << ".py; schema: experiments/schemas/" << e.schema << "\n";
    if (!e.options.empty()) std::cout << "  options: " << option_names(e.options) << "\n";
    if (!e.budget.empty()) std::cout << "  budget: " << e.budget << "\n";
    std::cout << "  on CPU devices: " << e.cpu_scale << "\n";
    if (!e.quick_options.empty()) std::cout << "  quick: " << words(e.quick_options) << "\n";
    if (!e.run_usage.empty()) std::cout << "  run: " << e.run_usage << "\n";
  }
}

// One line per experiment of the default set, for shell scripts that have no JSON parser:
// "name runner input applicable-options option...": the options that apply (comma-separated, as in
// --json) and then those of the full or the quick pipeline.
void print_pipeline(bool quick) {
  const auto json = experiments::registry_json();
  for (const auto& e : experiments::registry()) {
    if (!e.in_default_set) continue;
    std::string applicable;
    for (const auto& x : json["experiments"])
      if (x["name"] == e.name)
        for (const auto& o : x["options"]) applicable += (applicable.empty() ? "" : ",") + o.get<std::string>();
    std::cout << e.name << " " << e.runner << " " << experiments::input_name(e.input) << " " << applicable;
    for (const auto& o : quick ? e.quick_options : e.pipeline_options) std::cout << " " << o;
    std::cout << "\n";
  }
}

// The selected devices ('platform / device', as --device takes them) whose result must be (re)made.
void print_stale(const ExperimentsArgs& a) {
  const auto& e = experiments::find_experiment(a.stale);
  for (const auto& d : ocl::select_devices(a.device)) {
    const auto why = experiments::stale_reason(experiments::result_path(a.results_dir, e.name, d));
    if (why.empty()) {
      std::cerr << e.name << " on " << d.info.name << ": kept (same commit and kernels)\n";
    } else {
      std::cerr << e.name << " on " << d.info.name << ": to run (" << why << ")\n";
      std::cout << d.info.platform << " / " << d.info.name << "\n";
    }
  }
}

}  // namespace

int cmd_experiments(const ExperimentsArgs& a) {
  if (a.commit) {
    std::cout << kCommit << (kCommitDirty ? "-dirty" : "") << "\n";
    return 0;
  }
  if (!a.fresh.empty()) {
    const auto why = experiments::stale_reason(a.fresh);
    if (!why.empty()) std::cerr << "stale: " << why << "\n";
    return why.empty() ? 0 : 1;
  }
  if (!a.stale.empty()) {
    if (a.results_dir.empty())
      throw Error("--stale needs --results DIR",
                  "e.g. filterlab experiments --stale tiled --results experiments/results");
    print_stale(a);
  } else if (a.json) {
    std::cout << experiments::registry_json().dump(1) << "\n";
  } else if (a.pipeline || a.quick) {
    print_pipeline(a.quick);
  } else {
    print_table();
  }
  return 0;
}

Command add_experiments(CLI::App& app) {
  const auto args = std::make_shared<ExperimentsArgs>();
  auto& exps = *args;
  auto* c_exps = app.add_subcommand("experiments",
                                    "List the registered experiments: inputs, options, analysis, schema, quick mode");
  c_exps->add_flag("--json", exps.json, "The registry as JSON (experiments/registry.json is its snapshot)");
  c_exps->add_flag("--pipeline", exps.pipeline,
                   "For scripts: 'name runner input option...' per experiment the pipeline runs");
  c_exps->add_flag("--quick", exps.quick, "As --pipeline, with the quick mode's options");
  c_exps->add_flag("--commit", exps.commit,
                   "Print the commit this binary was built from (with -dirty for a modified tree)");
  c_exps->add_option("--stale", exps.stale,
                     "Print the selected devices whose result of this experiment is missing or "
                     "from another commit or kernel (one 'platform / device' a line)");
  c_exps->add_option("--fresh", exps.fresh,
                     "Exit 0 if this result file was produced by this commit and kernels, else 1");
  c_exps->add_option("--results", exps.results_dir, "With --stale: the results directory");
  c_exps->add_option("--device", exps.device, kDeviceHelp);
  return {c_exps, [args] { return cmd_experiments(*args); }};
}

}  // namespace filterlab::cli
