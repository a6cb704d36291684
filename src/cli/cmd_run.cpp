#include <iostream>

#include "cli/commands.hpp"
#include "error.hpp"
#include "experiments/scharr_single_storage.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

int cmd_run(const RunArgs& a) {
  if (a.experiment != "scharr_single_storage")
    throw Error("unknown experiment '" + a.experiment + "'", "available: scharr_single_storage");
  if (a.repetitions < 0) throw Error("--repetitions must be positive");
  ScharrStorageConfig cfg;
  cfg.base_image = a.base_image;
  cfg.results_dir = a.results_dir;
  cfg.scale = a.scale;
  cfg.repetitions = a.repetitions;
  cfg.warmup = a.warmup;
  for (const auto& d : ocl::select_devices(a.device)) std::cout << run_scharr_single_storage(d, cfg) << "\n";
  return 0;
}

}  // namespace filterlab::cli
