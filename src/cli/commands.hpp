#pragma once
// The `filterlab` subcommands; each returns the process exit code.
#include <cstddef>
#include <string>
#include <vector>

#include "error.hpp"
#include "experiments/registry.hpp"

namespace filterlab::cli {

struct DevicesArgs {
  std::string device;
  bool bandwidth = true;
};
int cmd_devices(const DevicesArgs& a);

int cmd_variants();

struct FilterArgs {
  std::string device, family = "scharr.single", storage = "buffer", axis = "x", border = "reflect101";
  int ksize = 3;
  float border_value = 0.0f;
  std::string input, output;
  std::string src_roi, dst_roi;  // tiled designs: "x,y,w,h" (default: the whole image)
  bool check = false;            // tiled designs: compare with the oracle, poisoned target
};
int cmd_filter(const FilterArgs& a);
int cmd_filter_tiled(const FilterArgs& a);  // cmd_filter for --family tiled.*

struct VerifyArgs {
  std::string device, variants, borders;
};
int cmd_verify(const VerifyArgs& a);

// The run options (which apply to which experiment: experiments/registry.hpp) and the experiment.
struct RunArgs : experiments::RunOptions {
  std::string experiment;
};
int cmd_run(const RunArgs& a);

struct ExperimentsArgs {
  bool json = false, pipeline = false, quick = false, commit = false;
  std::string stale, fresh, results_dir, device;
};
int cmd_experiments(const ExperimentsArgs& a);

struct TuneArgs {
  std::string space, strategy = "guided", device, cache, simulate;
  std::size_t budget = 100;
  unsigned seed = 1;
  int cpu_divisor = 4, repetitions = 0;
  int seeds = 0;  // with --simulate: > 0 prints every strategy's efficiency over this many seeds
};
int cmd_tune(const TuneArgs& a);

struct ImageclCheckArgs {
  std::string device, benchmark = "all", size = "1021x767";
  std::size_t samples = 16;  // per kernel; 0: every configuration valid on the device
  unsigned seed = 20261122;
};
int cmd_imagecl_check(const ImageclCheckArgs& a);

struct ImageclShowArgs {
  std::string kernel, what = "space";
};
int cmd_imagecl_show(const ImageclShowArgs& a);

}  // namespace filterlab::cli
