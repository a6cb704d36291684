#include <iostream>

#include "cli/commands.hpp"
#include "experiments/registry.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

// The registry knows each experiment's options and run function: check, then run on every selected device.
int cmd_run(const RunArgs& a) {
  const auto& experiment = experiments::find_experiment(a.experiment);
  experiments::check_options(experiment, a);
  for (const auto& d : ocl::select_devices(a.device)) std::cout << experiment.run(d, a) << "\n";
  return 0;
}

}  // namespace filterlab::cli
