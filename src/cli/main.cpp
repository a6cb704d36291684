// filterlab: device summary, filtering, verification against the oracle, and experiments.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/cmd_imagecl_tool.hpp"
#include "cli/commands.hpp"
#include "cli/declared_cli.hpp"
#include "cli/number_options.hpp"
#include "error.hpp"
#include "ocl/errors.hpp"
#include "ocl/program.hpp"

int main(int argc, char** argv) {
  using namespace filterlab::cli;
  constexpr long kMillion = 1000000, kBig = 1000000000, kMaxSeed = 4294967295L;
  CLI::App app{"FilterLab: OpenCL image filters checked against an exact CPU oracle"};
  app.require_subcommand(1);
  std::string kernels_dir;
  app.add_option("--kernels-dir", kernels_dir, "Read kernels/*.cl from this directory instead of the embedded copies")
      ->envname("FILTERLAB_KERNEL_DIR");
  const std::string device_help =
      "Devices whose 'platform / device' name contains one of these comma-separated "
      "patterns (default: $FILTERLAB_DEVICE, else every device)";

  DevicesArgs devices;
  auto* c_devices =
      app.add_subcommand("devices", "Summarise every OpenCL device (clinfo-like, with measured copy bandwidth)");
  c_devices->add_option("--device", devices.device, device_help);
  c_devices->add_flag("!--no-bandwidth", devices.bandwidth, "Skip the copy-bandwidth measurement");

  VariantsArgs variants;
  auto* c_variants = app.add_subcommand("variants", "List the registered families and variant IDs");
  c_variants->add_flag("--cases", variants.cases, "Also list each variant's verify cases (borders, or - for none)");
  c_variants->add_flag("--json", variants.json,
                       "The catalogue as JSON: families, sub-families with their design facts, variant IDs "
                       "with each one's programs (experiments/variants.json is its snapshot)");
  c_variants
      ->add_option("--check-results", variants.check_results,
                   "Check that every result row in DIR/<experiment>/<device>.json names a program this "
                   "binary builds (its variant ID, build options and program SHA-256)")
      ->type_name("DIR");

  FilterArgs filter;
  auto* c_filter =
      app.add_subcommand("filter", "Apply one variant to an image file and write the float result (.pfm/.tif)");
  c_filter->add_option("--device", filter.device, device_help);
  c_filter->add_option("--family", filter.family, "Variant family or tiled design (see `filterlab variants`)")
      ->capture_default_str();
  // Each family's own options (FilterFamily::filter_options), offered once each.
  std::map<std::string, std::string> filter_typed;
  {
    std::vector<OwnedOption> owned;
    for (const auto& f : filterlab::filter_families())
      for (auto& spec : f->filter_options()) owned.emplace_back(f->name(), std::move(spec));
    add_declared_options(c_filter, owned, filter_typed);
  }
  c_filter
      ->add_option("input", filter.input,
                   "Input image (PGM/PFM, or any format OpenCV reads). 8-bit and 16-bit inputs are scaled to [0, 1] "
                   "(PGM: divided by its maxval; other formats by 255 or 65535); float inputs (PFM, 32-bit TIFF) are "
                   "read as they are")
      ->required();
  c_filter->add_option("output", filter.output, "Output image (.pfm, or .tif with OpenCV)")->required();

  ImageInfoArgs image_info;
  auto* c_image_info = app.add_subcommand(
      "image-info", "Read image files as every command does and print their size and sample range (no device needed)");
  c_image_info->add_option("images", image_info.images, "Image files (PGM, PFM, PNG, JPEG, TIFF, ...)")->required();

  VerifyArgs verify;
  auto* c_verify =
      app.add_subcommand("verify", "Check every registered variant x border x size on every device against the oracle");
  c_verify->add_option("--device", verify.device, device_help);
  c_verify->add_option("--variants", verify.variants, "Only variants whose ID contains this text");
  c_verify->add_option("--borders", verify.borders, "Comma-separated borders (default: all five)");
  c_verify->add_option("--shard", verify.shard, "I/N: verify every N-th selected case from the I-th (default: all)");
  c_verify->add_flag("--strict", verify.strict, "Fail when a selected case is unsupported on a device");

  RunArgs run;
  auto* c_run =
      app.add_subcommand("run", "Run an experiment and write its raw results (`filterlab experiments` lists them)");
  c_run->add_option("experiment", run.experiment, "Experiment name (see `filterlab experiments`)")->required();
  c_run->add_option("--device", run.device, device_help);
  c_run->add_option("--base", run.base_image,
                    "The experiment's input image (PGM): the derived base image or the Y plane");
  c_run->add_option("--results", run.results_dir, "Results directory")->required();
  add_integer(c_run, "--warmup", run.warmup, 0, kMillion, "Warm-up repetitions per configuration", true);
  // Each experiment's own options (Experiment::options), offered once each.
  std::map<std::string, std::string> run_typed;
  {
    std::vector<OwnedOption> owned;
    for (const auto& e : filterlab::experiments::registry())
      for (const auto& spec : e.options) owned.emplace_back(e.name, spec);
    add_declared_options(c_run, owned, run_typed);
  }

  ExperimentsArgs exps;
  auto* c_exps = app.add_subcommand("experiments",
                                    "List the registered experiments: inputs, options, analysis, schema, quick mode");
  c_exps->add_flag("--json", exps.json, "The registry as JSON (experiments/registry.json is its snapshot)");
  c_exps->add_flag("--pipeline", exps.pipeline,
                   "For scripts: 'name runner input option...' per experiment the pipeline runs");
  c_exps->add_flag("--quick", exps.quick, "As --pipeline, with the quick mode's options");
  c_exps->add_flag("--commit", exps.commit,
                   "Print the commit this binary was built from (with -dirty for a modified tree)");
  c_exps->add_option("--stale", exps.stale,
                     "Print the selected devices whose result of this experiment is missing or "
                     "from another commit or kernel (one 'platform / device' a line)");
  c_exps->add_option("--fresh", exps.fresh,
                     "Exit 0 if this result file was produced by this commit and kernels, else 1");
  c_exps->add_option("--results", exps.results_dir, "With --stale: the results directory");
  c_exps->add_option("--device", exps.device, device_help);

  TuneArgs tune;
  auto* c_tune = app.add_subcommand(
      "tune", "Search one space with one strategy, on a device or replayed from an exhaustive cache");
  c_tune->add_option("--space", tune.space,
                     "imagecl.<kernel> (full space), imagecl.<kernel>:sub (documented sub-space) or study4.tiled_k5");
  c_tune->add_option("--strategy", tune.strategy, "exhaustive, random, paper or guided")->capture_default_str();
  add_integer(c_tune, "--budget", tune.budget, 0, kBig, "Evaluations (exhaustive: ignored)", true);
  add_integer(c_tune, "--seed", tune.seed, 0, kMaxSeed, "Seed of the strategy", true);
  c_tune->add_option("--device", tune.device, device_help);
  c_tune->add_option("--cache", tune.cache,
                     "Resumable cache file (JSON lines); required on a device, in memory when simulating without it");
  c_tune->add_option("--simulate", tune.simulate, "Replay this exhaustive cache instead of running on a device");
  add_integer(
      c_tune, "--seeds", tune.seeds, 0, kMillion,
      "With --simulate: print random, paper and guided search efficiency over this many seeds (budget: --budget)");
  add_integer(c_tune, "--cpu-divisor", tune.cpu_divisor, 1, 1024, "Image sides on CPU devices divided by this", true);
  add_integer(c_tune, "--repetitions", tune.repetitions, 0, kMillion,
              "Timed repetitions per configuration (default: 10 on GPUs, 3 on CPUs)");
  c_tune->add_option(
      "--shard", tune.shard,
      "With --strategy exhaustive on a device: i/N, every N-th valid point from the i-th (merge with tune-merge)");

  TuneMergeArgs merge;
  auto* c_merge = app.add_subcommand(
      "tune-merge", "Join the caches of an exhaustive run's shards (tune --shard i/N) into one exhaustive cache");
  c_merge->add_option("--out", merge.out, "The merged cache (written atomically)");
  c_merge->add_option("shards", merge.shards, "Every shard's cache, once each")->expected(1, -1);

  ImageclCheckArgs icl;
  auto* c_icl = app.add_subcommand(
      "imagecl-check", "Check sampled (or all) configurations of the generated ImageCL benchmarks against the oracle");
  c_icl->add_option("--device", icl.device, device_help);
  c_icl->add_option("--benchmark", icl.benchmark, "sepconv, conv2d_u8, harris or all")->capture_default_str();
  add_integer(
      c_icl, "--samples", icl.samples, 0, kBig,
      "Configurations per kernel, every parameter value at least once (0: every configuration valid on the device)",
      true);
  c_icl
      ->add_option("--size", icl.size,
                   "Image size WIDTHxHEIGHT (integer-valued pixels 0..255; at most 268435456 pixels, 1048576 per side)")
      ->capture_default_str();
  add_integer(c_icl, "--seed", icl.seed, 0, kMaxSeed, "Seed of the sampling and of the input image", true);

  ImageclShowArgs icl_show;
  auto* c_icl_show =
      app.add_subcommand("imagecl-show",
                         "List the embedded ImageCL kernels and their space sizes, or print one's generated "
                         "OpenCL or search space");
  c_icl_show->add_option("--kernel", icl_show.kernel, "Kernel name (default: list them all)");
  c_icl_show->add_option("--show", icl_show.what, "source (the generated OpenCL C) or space (JSON)")
      ->capture_default_str();

  ImageclTool imagecl_tool(app);  // `filterlab imagecl compile|check|tune|run`

  // Numeric options are parsed by filterlab's value parser inside CLI11's parse: its errors are ours.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "filterlab: error: " << e.what() << "\n";
    return 1;
  }
  try {
    filterlab::ocl::set_kernel_dir(kernels_dir);
    if (app.got_subcommand(c_devices)) return cmd_devices(devices);
    if (app.got_subcommand(c_variants)) return cmd_variants(variants);
    if (app.got_subcommand(c_filter)) return cmd_filter(filter, filter_typed);
    if (app.got_subcommand(c_image_info)) return cmd_image_info(image_info);
    if (app.got_subcommand(c_verify)) return cmd_verify(verify);
    if (app.got_subcommand(c_run)) {
      for (const auto* o : c_run->get_options())
        if (o->count() > 0 && !o->get_name().empty() && o->get_name().rfind("--", 0) == 0)
          run.given.insert(o->get_name());
      return cmd_run(run, run_typed);
    }
    if (app.got_subcommand(c_exps)) return cmd_experiments(exps);
    if (app.got_subcommand(c_icl)) return cmd_imagecl_check(icl);
    if (app.got_subcommand(c_tune)) return cmd_tune(tune);
    if (app.got_subcommand(c_merge)) return cmd_tune_merge(merge);
    if (app.got_subcommand(c_icl_show)) return cmd_imagecl_show(icl_show);
    if (imagecl_tool.selected()) return imagecl_tool.run();
  } catch (const cl::Error& e) {
    try {
      filterlab::ocl::rethrow(e, "");
    } catch (const std::exception& t) {
      std::cerr << "filterlab: error: " << t.what() << "\n";
    }
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "filterlab: error: " << e.what() << "\n";
    return 1;
  }
  return 2;
}
