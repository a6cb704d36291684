// `filterlab imagecl ...`: compile a user's ImageCL kernel, check its configurations against the
// CPU reference on the user's images, tune it on a device, and run it with the tuned configuration.
#include "cli/cmd_imagecl_tool.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/number_options.hpp"
#include "cli/sample_cap_option.hpp"
#include "error.hpp"
#include "imagecl/host_runtime.hpp"
#include "imagecl/pixel_layout.hpp"
#include "imagecl/reference_runner.hpp"
#include "imagecl/tuning_db.hpp"
#include "imagecl/user_check.hpp"
#include "imagecl/user_io.hpp"
#include "imagecl/user_kernel.hpp"
#include "io/atomic_file.hpp"
#include "io/netpbm.hpp"
#include "ocl/device.hpp"
#include "ocl/runtime.hpp"
#include "ocl/sha256.hpp"
#include "tuner/cache.hpp"
#include "tuner/replay_space.hpp"
#include "tuner/strategy.hpp"
#include "tuner/user_kernel_space.hpp"
#include "util/parse_value.hpp"

namespace filterlab::cli {
namespace {

constexpr long kMaxSeed = 4294967295L, kMaxBudget = 1000000, kMaxCount = 1000000000;
const std::string kSizeForm = "WIDTHxHEIGHT, e.g. --output-size 320x240";

const std::string kDeviceHelp =
    "The device whose 'platform / device' name contains this (default: $FILTERLAB_DEVICE, else every device)";

void add_inputs(CLI::App* c, ImageclToolArgs& a) {
  c->add_option("source", a.source, "The ImageCL kernel (.icl)")->required();
  c->add_option("--input", a.inputs,
                "One image per input Image of the kernel, in its order (any format OpenCV reads; "
                "8-bit 0..255, 16-bit 0..65535, float as stored; colour becomes grey)");
  c->add_option("--args", a.args, "Scalars and arrays: name=value, name=v1,v2,... (2-D arrays row by row)");
  c->add_option("--output-size", a.output_size,
                "WIDTHxHEIGHT of the output Images (default: the first input's size; at most " +
                    std::to_string(io::kMaxImagePixels) + " pixels and " + std::to_string(io::kMaxImageSide) +
                    " per side)");
  c->add_option("--device", a.device, kDeviceHelp);
}

ocl::Device one_device(const std::string& selector, const std::string& command) {
  const auto devices = ocl::select_devices(selector);
  if (devices.size() != 1)
    throw Error("imagecl " + command + " runs on one device but --device '" + selector + "' selects " +
                    std::to_string(devices.size()),
                "narrow the pattern (see `filterlab devices`)");
  return devices.front();
}

imagecl::UserKernel compile_for_use(const std::string& source) { return imagecl::compile_cached(source); }

// One line: what a logical thread does (the space's "counts"), or why the compiler could not count it.
std::string counts_line(const imagecl::OpCounts& c) {
  if (!c.known) return "per pixel: operation counts unknown (" + c.reason + ")";
  std::ostringstream o;
  o << "per pixel: fp32 " << c.fp32_add << " add, " << c.fp32_mul << " mul, " << c.fp32_fma << " fma, " << c.fp32_other
    << " other; " << c.int_to_float << " int->float, " << c.float_to_int << " float->int; " << c.image_reads
    << " image reads; " << c.compulsory_bytes << " compulsory bytes";
  return o.str();
}

std::string coverage(const imagecl::KernelSpace& s, const std::vector<imagecl::Config>& configs) {
  std::size_t covered = 0, total = 0;
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    std::set<long> seen;
    for (const auto& c : configs) seen.insert(c[i]);
    covered += seen.size(), total += s.params[i].values.size();
  }
  return std::to_string(covered) + " of " + std::to_string(total) + " parameter values covered";
}

// --config: best (the tuned one, else the default), default, a configuration ID, or a file holding
// an ID (text, or JSON with "id", e.g. a tuning database entry).
imagecl::ConfigChoice pick_config(const ImageclToolArgs& a, const imagecl::UserKernel& k, const ocl::DeviceInfo& dev) {
  if (a.config == "best") return imagecl::choose_config(k.space, k.source_sha256, k.generated_sha256, dev, a.db);
  imagecl::ConfigChoice c;
  if (a.config == "default") {
    c.config = imagecl::default_config(k.space, dev);
    c.why = "default (asked for)";
  } else {
    std::string id = a.config, origin = "given";
    if (a.config.rfind("imagecl.", 0) != 0) {
      std::ifstream in(a.config);
      if (!in)
        throw Error("--config '" + a.config + "' is neither best, default, a configuration ID nor a readable file",
                    "e.g. --config best, or a file holding an ID from `imagecl tune`");
      std::stringstream text;
      text << in.rdbuf();
      id = text.str();
      try {
        const auto j = nlohmann::json::parse(id);
        if (j.is_object() && j.contains("id")) id = j["id"].get<std::string>();
      } catch (const nlohmann::json::exception&) {
      }
      id.erase(id.find_last_not_of(" \t\r\n") + 1);
      origin = "from " + a.config;
    }
    c.config = imagecl::parse_config_id(k.space, id);
    c.why = origin;
  }
  c.id = imagecl::config_id(k.space, c.config);
  return c;
}

// --output-size within the image limit before the (slow) compilation; user_inputs parses it again
// with the same parser when it allocates the outputs.
void check_output_size(const std::string& size) {
  if (!size.empty()) parse_image_size(size, "--output-size", io::kMaxImageSide, io::kMaxImagePixels, kSizeForm);
}

}  // namespace

ImageclTool::ImageclTool(CLI::App& app) {
  group_ = app.add_subcommand("imagecl", "Compile, check, tune and run your own ImageCL kernel (.icl) on your images");
  group_->require_subcommand(1);
  compile_ = group_->add_subcommand(
      "compile", "Compile a kernel: OpenCL, search space, CPU reference and host code into a directory");
  compile_->add_option("source", a_.source, "The ImageCL kernel (.icl)")->required();
  compile_
      ->add_option("-o,--output-dir", a_.out_dir,
                   "Directory for <name>.cl, .json, _reference.cpp, _host.hpp, _host.cpp")
      ->required();

  check_ = group_->add_subcommand("check",
                                  "Judge every or N sampled configurations against the CPU reference on your images");
  add_inputs(check_, a_);
  check_->add_option("--configs", a_.configs, "all, or N sampled configurations covering every parameter value")
      ->capture_default_str();
  add_integer(check_, "--seed", a_.seed, 0, kMaxSeed, "Seed of the sampling", true);
  add_max_unrolled(check_, a_.max_unrolled);
  add_number(check_, "--tolerance", a_.tolerance, 0, 1,
             "Float outputs: |device - reference| <= T * max(1, |reference|), T from 0 (exact) to 1 (default 1e-5)");

  tune_ =
      group_->add_subcommand("tune", "Search the kernel's space on a device; the best goes into the tuning database");
  add_inputs(tune_, a_);
  tune_->add_option("--strategy", a_.strategy, "exhaustive, random, paper or guided")->capture_default_str();
  add_integer(tune_, "--budget", a_.budget, 1, kMaxBudget,
              "Evaluations, 1 to " + std::to_string(kMaxBudget) + " (exhaustive: ignored)", true);
  add_integer(tune_, "--seed", a_.seed, 0, kMaxSeed, "Seed of the strategy", true);
  tune_->add_option("--cache", a_.cache,
                    "Resumable cache (default: <user cache>/tune/<kernel>-<source hash>-<device>-<setup hash>.jsonl)");
  tune_->add_option("--db", a_.db,
                    "Tuning database (default: $FILTERLAB_TUNING_DB, else ~/.cache/filterlab/tuning.json)");
  add_integer(tune_, "--warmup", a_.warmup, 0, 1000, "Warm-up launches per configuration, 0 to 1000", true);
  add_integer(tune_, "--repetitions", a_.repetitions, 1, 10000,
              "Timed launches per configuration, 1 to 10000 (default: 10 on GPUs, 3 on CPUs)");
  add_number(tune_, "--tolerance", a_.tolerance, 0, 1, "Float outputs: as for check, 0 (exact) to 1 (default 1e-5)");

  run_ = group_->add_subcommand(
      "run", "Run the kernel on your images with the tuned configuration for the device (else the default)");
  add_inputs(run_, a_);
  run_->add_option("--output", a_.outputs,
                   "The output Image's file, or name=FILE per output Image (8-bit/16-bit pixels: .png, "
                   ".pgm, .tif; others: .tif or .pfm)")
      ->required();
  run_->add_option("--config", a_.config,
                   "best (tuned, else default), default, a configuration ID or a FILE holding one")
      ->capture_default_str();
  run_->add_option("--db", a_.db,
                   "Tuning database to read (a `run tuning` result file works for the built-in kernels)");
}

bool ImageclTool::selected() const { return group_->parsed(); }

int ImageclTool::run() {
  if (compile_->parsed()) return cmd_imagecl_compile(a_);
  if (check_->parsed()) return cmd_imagecl_tool_check(a_);
  if (tune_->parsed()) return cmd_imagecl_tune(a_);
  return cmd_imagecl_run(a_);
}

int cmd_imagecl_compile(const ImageclToolArgs& a) {
  const auto k = imagecl::compile_user_kernel(a.source, a.out_dir);
  std::cout << "kernel " << k.space.kernel << ": " << static_cast<long long>(k.space.configurations)
            << " configurations, " << k.space.params.size() << " parameters, source sha256 " << k.source_sha256 << "\n"
            << counts_line(k.space.counts) << "\n";
  for (const auto& p : {k.opencl_path, k.space_path, k.reference_path, k.host_header_path, k.host_source_path})
    std::cout << "wrote " << p << "\n";
  return 0;
}

int cmd_imagecl_tool_check(const ImageclToolArgs& a) {
  std::size_t n = 0;
  if (a.configs != "all") {
    try {
      n = static_cast<std::size_t>(parse_integer(a.configs, "--configs", 1, kMaxCount));
    } catch (const Error&) {
      throw Error("--configs '" + a.configs + "' is neither all nor a positive count",
                  "e.g. --configs 16 (at most " + std::to_string(kMaxCount) + ")");
    }
  }
  check_output_size(a.output_size);
  const auto k = compile_for_use(a.source);
  const auto inputs = imagecl::user_inputs(k.space, a.inputs, a.args, a.output_size);
  const auto args = inputs.args();
  const imagecl::CpuReference reference(k);
  const auto expected = reference.run(args);
  const auto spread = reference.spread(args, expected);
  int total = 0, failures = 0, unsupported = 0;
  for (const auto& dev : ocl::select_devices(a.device)) {
    ocl::Runtime rt(dev);
    const auto configs = imagecl::sample_configs(k.space, n, a.seed, dev.info, a.max_unrolled);
    std::cout << "device: " << dev.info.platform << " / " << dev.info.name << "\n"
              << "kernel " << k.space.kernel << " on " << inputs.describe << ": "
              << static_cast<long long>(k.space.configurations) << " configurations in the space, " << configs.size()
              << " checked (" << (n == 0 ? "all valid on this device" : "sampled") << max_unrolled_note(a.max_unrolled)
              << ", " << coverage(k.space, configs) << ")\n";
    if (!k.space.inexact_builtins.empty()) {
      std::cout << "inexact builtins (OpenCL's bound):";
      for (const auto& [f, ulp] : k.space.inexact_builtins)
        if (ulp < 0)
          std::cout << " " << f << " (may be contracted)";
        else
          std::cout << " " << f << " " << ulp << " ulp";
      double widest = 0;
      for (const auto& [name, img] : spread)
        for (float v : img.px) widest = std::max(widest, static_cast<double>(v));
      std::cout << "; the outputs moved by up to " << widest << " over " << imagecl::kPerturbedRuns
                << " reference runs with their results perturbed within these bounds\n";
    }
    for (const auto& c : configs) {
      ++total;
      std::ostringstream status;
      try {
        const auto j =
            imagecl::judge(k.space, imagecl::run_on_device(rt, k.space, c, args), expected, a.tolerance, spread);
        status << (j.passed ? "ok" : "FAIL") << " max|diff| " << j.max_diff;
        if (!spread.empty())
          status << " (tolerance " << j.tolerance
                 << " x max(1, |ref|) for floats, 1 for integers, + 2 x the perturbed spread)";
        else if (j.tolerance > 0)
          status << " (float tolerance " << j.tolerance << " x max(1, |ref|))";
        else
          status << " (exact)";
        if (!j.passed) status << " first at " << j.where, ++failures;
      } catch (const Unsupported& e) {
        ++unsupported;
        status << "unsupported: " << e.what();
      } catch (const std::exception& e) {
        ++failures;
        status << "ERROR: " << e.what();
      }
      std::cout << "  " << imagecl::config_id(k.space, c) << "  " << status.str() << "\n";
    }
  }
  std::cout << total << " configurations checked against the CPU reference: " << total - failures - unsupported
            << " passed, " << unsupported << " unsupported by the device, " << failures << " failed\n";
  return failures == 0 ? 0 : 1;
}

int cmd_imagecl_tune(const ImageclToolArgs& a) {
  const auto& names = tuner::strategy_names();
  if (std::find(names.begin(), names.end(), a.strategy) == names.end())
    throw Error("unknown strategy '" + a.strategy + "'", "use exhaustive, random, paper or guided");
  // Every path and value is checked before the search: a bad --db must not cost a whole search.
  check_output_size(a.output_size);
  const std::string db = a.db.empty() ? imagecl::default_tuning_db() : a.db;
  imagecl::check_tuning_db(db);
  if (!a.cache.empty()) tuner::check_cache_path(a.cache);
  const auto k = compile_for_use(a.source);
  const auto dev = one_device(a.device, "tune");
  const auto inputs = imagecl::user_inputs(k.space, a.inputs, a.args, a.output_size);
  const imagecl::CpuReference reference(k);
  const auto expected = reference.run(inputs.args());
  const auto spread = reference.spread(inputs.args(), expected);
  ocl::Runtime rt(dev);
  tuner::UserTiming timing;
  timing.warmup = a.warmup;
  timing.repetitions = a.repetitions > 0 ? a.repetitions : dev.info.is_cpu() ? 3 : 10;  // 0: not given
  timing.float_tolerance = a.tolerance;
  std::string described = inputs.describe;
  for (const auto& kv : a.args) described += ", " + kv;
  tuner::UserKernelSpace space(rt, k.space, k.source_sha256, inputs.args(), expected, described, timing, spread);
  // One default cache per source, device and setup (inputs, arguments, repetitions): a cache
  // refuses rows measured under another setup.
  const std::string cache_path = !a.cache.empty() ? a.cache
                                                  : imagecl::user_cache_dir() + "/tune/" + k.space.kernel + "-" +
                                                        k.source_sha256.substr(0, 12) + "-" + dev.info.slug + "-" +
                                                        sha256_hex(space.setup()).substr(0, 8) + ".jsonl";
  if (const auto dir = std::filesystem::path(cache_path).parent_path(); !dir.empty())
    io::ensure_directory(dir.string());
  tuner::EvalCache cache(cache_path, tuner::cache_header(space, {{"device", dev.info.name}, {"source", a.source}}));
  std::cerr << "tune: " << space.name() << " (" << space.setup() << ") on " << dev.info.name << ", " << cache.size()
            << " evaluations already in " << cache_path << "\n";
  const std::size_t before = cache.size();
  tuner::Evaluator ev(space, cache);
  tuner::run_strategy(a.strategy, ev, a.budget, a.seed);
  // The best over the whole cache (earlier runs included): the cache's rows share this setup.
  const tuner::Measurement* best = nullptr;
  std::string best_id;
  std::size_t invalid = 0;
  for (const auto& [id, m] : cache.rows()) {
    if (!m.valid())
      ++invalid;
    else if (!best || m.time_ms < best->time_ms)
      best = &m, best_id = id;
  }
  std::cout << space.name() << ": " << ev.trace().size() << " configurations searched (" << cache.size() - before
            << " measured now), " << cache.size() << " in the cache (" << invalid << " invalid)\n";
  if (!best) {
    std::cout << "no valid configuration found: nothing recorded\n";
    return 1;
  }
  const auto c = imagecl::parse_config_id(k.space, best_id);
  nlohmann::json values;
  for (std::size_t i = 0; i < k.space.params.size(); ++i) values[k.space.params[i].name] = c[i];
  imagecl::record_tuned(db, k.source_sha256, k.space.kernel, a.source, dev.info,
                        {{"id", best_id},
                         {"time_ms", best->time_ms},
                         {"q1_ms", best->q1_ms},
                         {"q3_ms", best->q3_ms},
                         {"config", values},
                         {"build_options", imagecl::build_options(k.space, c)},
                         {"setup", space.setup()},
                         {"strategy", a.strategy},
                         {"evaluations", cache.size()},
                         {"cache", cache_path}});
  std::cout << "best " << best_id << " " << best->time_ms << " ms\nrecorded in " << db << "\n";
  return 0;
}

int cmd_imagecl_run(const ImageclToolArgs& a) {
  check_output_size(a.output_size);
  const auto k = compile_for_use(a.source);
  const auto outs = imagecl::output_images(k.space);
  std::map<std::string, std::string> files;
  for (const auto& o : a.outputs) {
    const auto eq = o.find('=');
    if (eq != std::string::npos && std::find(outs.begin(), outs.end(), o.substr(0, eq)) != outs.end())
      files[o.substr(0, eq)] = o.substr(eq + 1);
    else if (outs.size() == 1 && a.outputs.size() == 1)
      files[outs.front()] = o;
    else
      throw Error("--output '" + o + "' names no output Image of " + k.space.kernel,
                  "give name=FILE for each of its outputs");
  }
  for (const auto& o : outs)
    if (!files.count(o)) throw Error("no --output for Image " + o + " of " + k.space.kernel, "give " + o + "=FILE");
  for (const auto& [name, path] : files) imagecl::check_output_format(path, k.space.arg(name).type);
  const auto dev = one_device(a.device, "run");
  const auto inputs = imagecl::user_inputs(k.space, a.inputs, a.args, a.output_size);
  const auto choice = pick_config(a, k, dev.info);
  std::cout << "kernel " << k.space.kernel << " on " << dev.info.name << ": " << choice.id << " (" << choice.why
            << ")\n";
  ocl::Runtime rt(dev);
  const auto result = imagecl::run_on_device(rt, k.space, choice.config, inputs.args());
  for (const auto& [name, path] : files) {
    imagecl::write_pixels(path, result.at(name), k.space.arg(name).type);
    const auto& type = k.space.arg(name).type;
    std::cout << "wrote " << path << " (" << result.at(name).width / imagecl::pixel_layout(type).lanes << "x"
              << result.at(name).height << ", " << type << ")\n";
  }
  return 0;
}

}  // namespace filterlab::cli
