#pragma once
// The experiment registry: every experiment's name, study, input, the `filterlab run` options that
// apply to it, its run function, analysis module, result schema, whether the default pipeline runs it,
// how it scales on CPU devices and its quick-mode options. `filterlab run`, `filterlab experiments`,
// the Makefile, scripts/run-bundle.sh and the analysis (filterlab_analysis.make_all) all read it.
// Adding an experiment: its own files plus one line in FILTERLAB_EXPERIMENTS (registry.cpp).
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "ocl/device.hpp"
#include "util/declared_options.hpp"

namespace filterlab::experiments {

// What the experiment reads: nothing (it makes its own data), the derived base image (`make data`'s
// build/data/base_3866x4320.pgm) or the Y plane of the derived JPEG (build/data/epsilon_y_3264x2448.pgm).
enum class Input { None, BaseImage, YPlane };
std::string input_name(Input input);

// `filterlab run`: the options every experiment takes, and the experiment's own
// (Experiment::options) with its defaults; `given` names every option on the command line.
struct RunOptions {
  std::string device, base_image, results_dir;
  int warmup = 3;
  OptionValues options;
  std::set<std::string> given;  // e.g. {"--results", "--scale"}
};

// Declarations several experiments share, each with the experiment's own words for its default.
OptionSpec repetitions_option(const std::string& when_zero);  // "--repetitions", 0: `when_zero`
OptionSpec scale_option(const std::string& help);             // "--scale", 0: the device's default
OptionSpec variants_option(const std::string& help);          // "--variants", "": all

// Runs the experiment on one device with options already checked against its rules; returns the
// result file's path (or a summary line).
using RunFunction = std::function<std::string(const ocl::Device&, const RunOptions&)>;

struct Experiment {
  std::string name;         // `filterlab run <name>`; results in <results>/<name>/<device slug>.json
  std::string study;        // e.g. "Study 4"
  std::string description;  // one line
  Input input = Input::None;
  // The `filterlab run` options it takes besides --device, --results, --warmup (and --base when it has
  // an input), with their help, defaults and ranges; any other option given is an error naming these.
  std::vector<OptionSpec> options;
  RunFunction run;                            // empty when another binary runs it (`runner`)
  std::string runner = "filterlab";           // the binary that runs it
  std::string run_usage;                      // how to run it by hand
  std::string analysis;                       // module of experiments/analysis/filterlab_analysis/ (without .py)
  std::vector<std::string> also_reads;        // further result directories its analysis reads (e.g. peers_cuda)
  std::string schema;                         // file under experiments/schemas/
  bool in_default_set = true;                 // `make experiments`/`make reproduce` and the bundle run it
  std::string budget;                         // what bounds its time, where something does (tuning: its time limit)
  std::string cpu_scale;                      // what it does on CPU devices
  std::vector<std::string> pipeline_options;  // the `run` options of `make reproduce` and the bundle
  std::vector<std::string> quick_options;     // the `run` options of `make reproduce QUICK=1` (PoCL)
};

// Every registered experiment, in the order the pipeline runs them.
const std::vector<Experiment>& registry();
// The experiment of that name; throws filterlab::Error naming the registered ones otherwise.
const Experiment& find_experiment(const std::string& name);
// Checks `given` against the experiment's rules (which options apply, --base required): throws
// filterlab::Error saying what was wrong and how to run it.
void check_options(const Experiment& e, const RunOptions& options);
// The registry as JSON (`filterlab experiments --json`, experiments/registry.json).
nlohmann::json registry_json();

}  // namespace filterlab::experiments
