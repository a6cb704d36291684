#pragma once
// The filter-family registry. Every family (Scharr, Sobel, Study 4's tiled designs, Study 5's
// epsilon steps, Study 2's pyramid checks, the ImageCL benchmarks) implements FilterFamily in its
// own file and is registered by one line in registry.cpp. `verify`, `variants`, `filter`, the tests
// and the benchmark suite iterate the registry and never name a family. Adding a family is
// described step by step in docs/developers/adding-a-family.md.
#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ocl/cl.hpp"
#include "reference/border.hpp"
#include "util/declared_options.hpp"

namespace filterlab {
namespace ocl {
class Runtime;
}
namespace tuner {
class Space;
struct SpaceSettings;
}  // namespace tuner

// What one verify case decided, and the three measured columns `verify` prints. Scharr-like
// filters print the largest error on integer data, on random floats and the float tolerance; other
// families say in their column headers (FilterFamily::verify_columns) what theirs mean.
struct CaseOutcome {
  bool passed = false;
  std::string status;  // "ok", "ok (12 cases)", "FAIL: ..."
  std::array<std::string, 3> cells{"-", "-", "-"};
};

// `filterlab filter` for one family: the options every family takes, and the family's own
// (FilterFamily::filter_options) with its defaults. An option the family does not declare never
// reaches it: the command line refuses it first, naming what the family takes.
struct FilterRequest {
  std::string device, family = "scharr.single", input, output;
  OptionValues options;
};

// One repetition of a variant on a device, prepared once: what the benchmark suite times.
class TimedRun {
 public:
  virtual ~TimedRun() = default;
  // Enqueues one complete filtering and returns its profiling events (the sum of their durations is
  // the time, measure/protocol.hpp).
  virtual std::vector<cl::Event> enqueue() = 0;
  // After an enqueue: "" when the output equals the oracle's (within the family's tolerance), else
  // what differed.
  virtual std::string check() = 0;
  // The least traffic any implementation needs (every input read once, every output written once),
  // in bytes, and the pixels produced per enqueue.
  virtual double min_bytes() const = 0;
  virtual double pixels() const = 0;
  // What is timed where the variant ID does not say it (e.g. the configurations chosen), or "".
  virtual std::string describe() const { return ""; }
};

// A program this binary builds for a variant in one case, computed without a device: what a
// result row records (build_options, program SHA-256), so that committed results can be checked
// against the code that would run now (`filterlab variants --programs`).
struct ProgramRecord {
  std::string case_name;  // a verify case (border name), "-" or what the family names
  std::string build_options;
  std::string sha256;  // of the concatenated program (ocl::ProgramSource::sha256)
};

// One registered variant: a stable ID and the cases `verify` checks it on.
class FilterVariant {
 public:
  virtual ~FilterVariant() = default;
  virtual std::string id() const = 0;      // e.g. "scharr.double_local/images/k5/wg16x16"
  virtual std::string family() const = 0;  // e.g. "scharr.double_local"
  // The verify cases: border names (ref::border_name), or "-" for a check that takes no border.
  virtual std::vector<std::string> verify_cases() const = 0;
  // Checks one case against the oracle; throws Unsupported where a device limit forbids it.
  virtual CaseOutcome verify(ocl::Runtime& rt, const std::string& case_name) const = 0;
  // A timed run on a width x height image with the case's border, for the benchmark suite
  // (nullptr: the variant has no timed form, e.g. a pyramid check).
  virtual std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height,
                                              const std::string& case_name) const;
  // The programs of its timed and verified runs, every case (empty: none of its own, e.g. a check
  // made of other variants' programs).
  virtual std::vector<ProgramRecord> programs() const { return {}; }
};
using VariantPtr = std::shared_ptr<const FilterVariant>;

// A sub-family: the first part of a variant ID ("scharr.single"), what it is, and the facts of its
// design that the analysis needs (`filterlab variants --json`; null where a family states none).
struct SubfamilyInfo {
  std::string name, summary;
  nlohmann::json design = nullptr;
};

class FilterFamily {
 public:
  virtual ~FilterFamily() = default;
  virtual std::string name() const = 0;   // e.g. "scharr"
  virtual std::string study() const = 0;  // e.g. "Studies 1 and 2: gradient filters and storage types"
  virtual std::vector<SubfamilyInfo> subfamilies() const = 0;
  virtual std::vector<VariantPtr> variants() const = 0;
  // Headers of verify's three measured columns.
  virtual std::array<std::string, 3> verify_columns() const { return {"max|err| int", "max|err| float", "float tol"}; }
  // `filterlab filter`: whether --family names one of ours, and why not where we have it but it
  // computes no image ("" when it filters).
  bool owns(const std::string& subfamily) const;
  virtual std::string why_no_filter(const std::string& /*subfamily*/) const { return ""; }
  // The options `filter` takes for this family beside --device, --family and the two files, with
  // their defaults and ranges (the command line offers the union of every family's).
  virtual std::vector<OptionSpec> filter_options() const { return {}; }
  // Applies the request (validating every option first) and writes the output; returns the exit
  // code. Only called when owns() and why_no_filter() is empty.
  virtual int filter(const FilterRequest& request) const;
  // The tuner: the spaces `run tuning` searches for this family, and a space built by name for a
  // device (nullptr: not one of ours; a family may build spaces it does not list, such as
  // ImageCL's full spaces, too large for an exhaustive run).
  virtual std::vector<std::string> tuning_spaces() const { return {}; }
  virtual std::unique_ptr<tuner::Space> tuning_space(const std::string& name, ocl::Runtime& rt,
                                                     const tuner::SpaceSettings& settings) const;
  // Whether a result row's variant ID is ours, and the programs this binary builds for it: a
  // registered variant's programs(), or those of an ID the family derives (ImageCL's configuration
  // IDs). nullopt: not ours.
  virtual std::optional<std::vector<ProgramRecord>> programs_of(const std::string& id) const;
};

// Every registered family, in registration order.
const std::vector<std::unique_ptr<FilterFamily>>& filter_families();
// Every registered variant whose ID contains `filter` (empty: all), families in registration order.
std::vector<VariantPtr> registered_filter_variants(const std::string& filter = "");
// The family that owns a sub-family name; throws a filterlab::Error listing the sub-families
// `filter` takes (and the ones it does not, with why).
const FilterFamily& family_for_filter(const std::string& subfamily);

}  // namespace filterlab
