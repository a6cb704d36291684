#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/declared_cli.hpp"
#include "cli/number_options.hpp"
#include "experiments/registry.hpp"
#include "io/atomic_file.hpp"
#include "io/write_lock.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

// The registry knows each experiment's options and run function: check them, take the results
// directory's lock, then run on every selected device. One writer per results directory: a second
// `run` into it fails at once naming this one (or waits, FILTERLAB_LOCK_WAIT), so results are
// neither overwritten nor timed under another's load.
int cmd_run(RunArgs a, const std::map<std::string, std::string>& typed) {
  const auto& experiment = experiments::find_experiment(a.experiment);
  experiments::check_options(experiment, a);
  a.options = OptionValues(experiment.options, typed);
  io::ensure_directory(a.results_dir);
  const io::WriteLock lock(io::results_lock_path(a.results_dir), "results directory " + a.results_dir);
  for (const auto& d : ocl::select_devices(a.device)) std::cout << experiment.run(d, a) << "\n";
  return 0;
}

Command add_run(CLI::App& app) {
  const auto args = std::make_shared<RunArgs>();
  auto& run = *args;
  const auto typed = std::make_shared<std::map<std::string, std::string>>();
  auto& run_typed = *typed;
  auto* c_run =
      app.add_subcommand("run", "Run an experiment and write its raw results (`filterlab experiments` lists them)");
  c_run->add_option("experiment", run.experiment, "Experiment name (see `filterlab experiments`)")->required();
  c_run->add_option("--device", run.device, kDeviceHelp);
  c_run->add_option("--base", run.base_image,
                    "The experiment's input image (PGM): the derived base image or the Y plane");
  c_run->add_option("--results", run.results_dir, "Results directory")->required();
  add_integer(c_run, "--warmup", run.warmup, 0, kMillion, "Warm-up repetitions per configuration", true);
  // Each experiment's own options (Experiment::options), offered once each.
  {
    std::vector<OwnedOption> owned;
    for (const auto& e : filterlab::experiments::registry())
      for (const auto& spec : e.options) owned.emplace_back(e.name, spec);
    add_declared_options(c_run, owned, run_typed);
  }
  return {c_run, [args, typed, c_run] {
            for (const auto* o : c_run->get_options())
              if (o->count() > 0 && !o->get_name().empty() && o->get_name().rfind("--", 0) == 0)
                args->given.insert(o->get_name());
            return cmd_run(*args, *typed);
          }};
}

}  // namespace filterlab::cli
