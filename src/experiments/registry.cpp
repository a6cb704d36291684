#include "experiments/registry.hpp"

#include <algorithm>

#include "build_info.hpp"
#include "error.hpp"

// The registration list: one line per experiment, in the order the pipeline runs them. Each
// X(name) is defined by src/experiments/registered/<name>.cpp as `Experiment name_experiment()`.
// tuning runs before imagecl: imagecl times the configurations the tuner found on the device;
// imagecl_portability times every device's tuned configurations (results/tuning/*.json) on this one.
// roofline runs first: the device's ceilings, which the other experiments' analyses may read.
#define FILTERLAB_EXPERIMENTS(X) \
  X(roofline)                    \
  X(scharr_single_storage)       \
  X(scharr_gradient_variants)    \
  X(pyramid_storage)             \
  X(sampler)                     \
  X(tiled)                       \
  X(epsilon)                     \
  X(tuning)                      \
  X(imagecl)                     \
  X(imagecl_portability)         \
  X(peers)

namespace filterlab::experiments {

#define FILTERLAB_DECLARE_EXPERIMENT(name) Experiment name##_experiment();
FILTERLAB_EXPERIMENTS(FILTERLAB_DECLARE_EXPERIMENT)
#undef FILTERLAB_DECLARE_EXPERIMENT

namespace {

// Options every experiment takes.
const std::vector<std::string> kCommonOptions{"--device", "--results", "--warmup"};

std::string joined(const std::vector<std::string>& items, const std::string& sep) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : sep) + i;
  return s;
}

std::string usage(const Experiment& e) {
  if (!e.run_usage.empty()) return e.run_usage;
  std::string u = "filterlab run " + e.name + " --results DIR [--device PATTERN]";
  if (e.input == Input::BaseImage) u += " --base build/data/base_3866x4320.pgm";
  if (e.input == Input::YPlane) u += " --base build/data/epsilon_y_3264x2448.pgm";
  for (const auto& o : e.options) u += " [" + o.name + (o.kind == OptionSpec::Kind::Flag ? "" : " ...") + "]";
  return u;
}

}  // namespace

std::string input_name(Input input) {
  switch (input) {
    case Input::None:
      return "none";
    case Input::BaseImage:
      return "base_image";
    case Input::YPlane:
      return "y_plane";
  }
  return "none";
}

const std::vector<Experiment>& registry() {
#define FILTERLAB_CALL_EXPERIMENT(name) name##_experiment(),
  static const std::vector<Experiment> all{FILTERLAB_EXPERIMENTS(FILTERLAB_CALL_EXPERIMENT)};
#undef FILTERLAB_CALL_EXPERIMENT
  return all;
}

const Experiment& find_experiment(const std::string& name) {
  const auto& all = registry();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Experiment& e) { return e.name == name; });
  if (it != all.end()) return *it;
  std::vector<std::string> names;
  for (const auto& e : all) names.push_back(e.name);
  throw Error("unknown experiment '" + name + "'",
              "available: " + joined(names, ", ") + " (`filterlab experiments` describes them)");
}

void check_options(const Experiment& e, const RunOptions& o) {
  if (!e.run)
    throw Error("the " + e.name + " experiment is run by " + e.runner + ", not by `filterlab run`",
                "run it as: " + usage(e));
  std::vector<std::string> wrong;
  for (const auto& g : o.given) {
    const bool common = std::count(kCommonOptions.begin(), kCommonOptions.end(), g) > 0;
    const bool own = std::any_of(e.options.begin(), e.options.end(), [&](const OptionSpec& s) { return s.name == g; });
    const bool base = g == "--base" && e.input != Input::None;
    if (!common && !own && !base) wrong.push_back(g);
  }
  if (!wrong.empty())
    throw Error(
        joined(wrong, ", ") + (wrong.size() == 1 ? " does" : " do") + " not apply to the " + e.name + " experiment",
        "run it as: " + usage(e));
  if (e.input != Input::None && o.base_image.empty())
    throw Error(e.name + " needs --base (" + input_name(e.input) + ")",
                "run it as: " + usage(e) + " (`make data` writes the inputs)");
  if (o.warmup < 0) throw Error("--warmup must not be negative");
}

OptionSpec repetitions_option(const std::string& when_zero) {
  return OptionSpec::integer("--repetitions", "Timed repetitions (0: " + when_zero + ")", 0, 0, 1000000);
}

OptionSpec scale_option(const std::string& help) { return OptionSpec::integer("--scale", help, 0, 0, 1024); }

OptionSpec variants_option(const std::string& help) { return OptionSpec::text("--variants", help); }

nlohmann::json registry_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& e : registry()) {
    auto options = kCommonOptions;
    if (e.input != Input::None) options.push_back("--base");
    for (const auto& spec : e.options) options.push_back(spec.name);
    list.push_back({{"name", e.name},
                    {"study", e.study},
                    {"description", e.description},
                    {"input", input_name(e.input)},
                    {"options", options},
                    {"runner", e.runner},
                    {"run", usage(e)},
                    {"analysis", e.analysis},
                    {"also_reads", e.also_reads},
                    {"schema", e.schema},
                    {"in_default_set", e.in_default_set},
                    {"budget", e.budget},
                    {"cpu_scale", e.cpu_scale},
                    {"pipeline_options", e.pipeline_options},
                    {"quick_options", e.quick_options}});
  }
  return {{"schema", "filterlab-experiments/1"}, {"experiments", list}};
}

}  // namespace filterlab::experiments
