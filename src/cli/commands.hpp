#pragma once
// The `filterlab` subcommands; each returns the process exit code.
#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "error.hpp"
#include "experiments/registry.hpp"
#include "families/family.hpp"
#include "util/cpu_side_divisor.hpp"

namespace filterlab::cli {

// One subcommand: its node in the command line (with the options it declares) and what runs it
// once parsed. Each cmd_*.cpp adds its own (add_<command>).
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

inline constexpr long kMillion = 1000000, kBig = 1000000000, kMaxSeed = 4294967295L;
inline const std::string kDeviceHelp =
    "Devices whose 'platform / device' name contains one of these comma-separated "
    "patterns (default: $FILTERLAB_DEVICE, else every device)";

Command add_devices(CLI::App& app);
Command add_variants(CLI::App& app);
Command add_filter(CLI::App& app);
Command add_image_info(CLI::App& app);
Command add_verify(CLI::App& app);
Command add_run(CLI::App& app);
Command add_experiments(CLI::App& app);
Command add_tune(CLI::App& app);
Command add_tune_merge(CLI::App& app);
Command add_imagecl_check(CLI::App& app);
Command add_imagecl_show(CLI::App& app);
Command add_sampler_case(CLI::App& app);

struct DevicesArgs {
  std::string device;
  bool bandwidth = true;
};
int cmd_devices(const DevicesArgs& a);

struct VariantsArgs {
  bool cases = false;         // also each variant's verify cases
  bool json = false;          // the catalogue as JSON: families, sub-families with their design, variant IDs
  std::string check_results;  // a results directory whose rows are checked against programs_of
};
int cmd_variants(const VariantsArgs& a);

// `filter`'s common options (families/family.hpp); `typed` holds the family options the user typed,
// which must all be the owning family's.
using FilterArgs = FilterRequest;
int cmd_filter(FilterArgs a, const std::map<std::string, std::string>& typed);

// What the one image reader makes of files: size and sample range, without an OpenCL device.
struct ImageInfoArgs {
  std::vector<std::string> images;
};
int cmd_image_info(const ImageInfoArgs& a);

struct VerifyArgs {
  std::string device, variants, borders;
  std::string shard;    // "I/N": every N-th case from the I-th (ctest runs shards in parallel)
  bool strict = false;  // fail when a selected case is unsupported on a device
};
int cmd_verify(const VerifyArgs& a);

// The run options (which apply to which experiment: experiments/registry.hpp) and the experiment.
struct RunArgs : experiments::RunOptions {
  std::string experiment;
};
int cmd_run(RunArgs a, const std::map<std::string, std::string>& typed);  // typed: the experiment's own options

struct ExperimentsArgs {
  bool json = false, pipeline = false, quick = false, commit = false;
  std::string stale, fresh, results_dir, device;
};
int cmd_experiments(const ExperimentsArgs& a);

struct TuneArgs {
  std::string space, strategy = "guided", device, cache, simulate;
  std::size_t budget = 100;
  unsigned seed = 1;
  int cpu_divisor = kCpuSideDivisor, repetitions = 0;
  int seeds = 0;                    // with --simulate: > 0 prints every strategy's efficiency over this many seeds
  std::string shard;                // with exhaustive on a device: "i/N", every N-th valid point from the i-th
  std::string extra_build_options;  // ImageCL spaces: appended to every configuration's -D switches
};
int cmd_tune(const TuneArgs& a);

struct TuneMergeArgs {
  std::string out;
  std::vector<std::string> shards;
};
int cmd_tune_merge(const TuneMergeArgs& a);

struct ImageclCheckArgs {
  std::string device, benchmark = "all", size = "1021x767";
  std::size_t samples = 16;  // per kernel; 0: every configuration valid on the device
  unsigned seed = 20261122;
  long max_unrolled = 0;  // 0: no cap (imagecl::kCheckMaxUnrolled)
};
int cmd_imagecl_check(const ImageclCheckArgs& a);

struct ImageclShowArgs {
  std::string kernel, what = "space";
};
int cmd_imagecl_show(const ImageclShowArgs& a);

}  // namespace filterlab::cli
