#include <iostream>

#include "cli/commands.hpp"
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

}  // namespace filterlab::cli
