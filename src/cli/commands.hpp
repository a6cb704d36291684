#pragma once
// The `filterlab` subcommands; each returns the process exit code.
#include <cstddef>
#include <string>
#include <vector>

#include "families/family.hpp"

namespace filterlab::cli {

struct DevicesArgs {
  std::string device;
  bool bandwidth = true;
};
int cmd_devices(const DevicesArgs& a);

struct VariantsArgs {
  bool cases = false;  // also each variant's verify cases
};
int cmd_variants(const VariantsArgs& a);

// Every option of `filter` (families/family.hpp): the family that owns --family reads it.
using FilterArgs = FilterRequest;
int cmd_filter(const FilterArgs& a);

struct VerifyArgs {
  std::string device, variants, borders;
  std::string shard;    // "I/N": every N-th case from the I-th (ctest runs shards in parallel)
  bool strict = false;  // fail when a selected case is unsupported on a device
};
int cmd_verify(const VerifyArgs& a);

struct RunArgs {
  std::string experiment, device, base_image, results_dir, variants;
  int scale = 0, repetitions = 0, warmup = 3;
  std::size_t samples = 16;  // imagecl: configurations per kernel
  std::string spaces;        // tuning: only spaces containing this text
  int seeds = 20;            // tuning: simulated runs per strategy
  long full_budget = -1;     // tuning: live evaluations per full ImageCL space (-1: 100 on GPUs, 0 on CPUs)
  int wide = -1;             // tuning: wide sub-spaces (-1: on GPUs only, 0: never, 1: always)
  double time_limit_s = 0;   // tuning: no full-space run starts after this
  int cpu_divisor = 4;       // tuning: image sides on CPU devices divided by this
};
int cmd_run(const RunArgs& a);

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
