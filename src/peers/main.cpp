// filterlab-peers: the libraries a researcher would use anyway (OpenCV, Halide) on FilterLab's
// workloads, verified by FilterLab's oracle and timed by its rules. A separate executable so that
// the filterlab bundle itself needs no OpenCV.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/number_options.hpp"
#include "error.hpp"
#include "io/atomic_file.hpp"
#include "io/write_lock.hpp"
#include "ocl/device.hpp"
#include "ocl/errors.hpp"
#include "peers/peers_experiment.hpp"

int main(int argc, char** argv) {
  using namespace filterlab;
  using filterlab::cli::add_integer;
  CLI::App app{"FilterLab peers: OpenCV and Halide on FilterLab's workloads, judged by FilterLab's oracle"};
  app.require_subcommand(1);

  std::string device;
  peers::PeersRunConfig run;
  auto* c_run = app.add_subcommand(
      "run", "Verify and time every peer on the OpenCL device(s); writes <results>/peers/<slug>.json");
  c_run->add_option("--device", device,
                    "Devices whose 'platform / device' name contains one of these comma-separated patterns "
                    "(default: $FILTERLAB_DEVICE, else every device)");
  c_run->add_option("--base", run.base_image, "The derived base image (PGM) of workload 1")->required();
  c_run->add_option("--results", run.results_dir, "Results directory")->required();
  c_run->add_option("--peers", run.peers,
                    "Only peers whose name contains this text (opencv_cpu, opencv_umat, halide_cpu, halide_opencl, halide_cuda)");
  c_run->add_option("--workloads", run.workloads,
                    "Only workloads whose ID contains this text (scharr_pyramid/k3, sepconv5/4096, ...)");
  add_integer(c_run, "--scale", run.scale, 0, 1024,
              "Per-side size divisor 1/2/4/8 (default: 1 on GPUs, $FILTERLAB_CPU_SCALE or 4 on CPUs)");
  add_integer(c_run, "--repetitions", run.repetitions, 0, 1000000,
              "Timed repetitions (default: 30 on GPUs, 10 on CPUs)");
  add_integer(c_run, "--warmup", run.warmup, 0, 1000000, "Warm-up repetitions per configuration", true);

  std::string list_pattern;
  auto* c_list = app.add_subcommand(
      "list", "Print 'platform / device' of every selected device, one a line (for one run per device)");
  c_list->add_option("--device", list_pattern,
                     "Name patterns as for run (default: $FILTERLAB_DEVICE, else every device)");

  std::string base, out;
  int scale = 1;
  auto* c_export =
      app.add_subcommand("export",
                         "Write the workloads' inputs, oracle outputs and tolerances (.npy + manifest.json) "
                         "for experiments/peers/gpu_peers.py");
  c_export->add_option("--base", base, "The derived base image (PGM) of workload 1")->required();
  c_export->add_option("--out", out, "Output directory")->required();
  add_integer(c_export, "--scale", scale, 0, 1024, "Per-side size divisor 1/2/4/8", true);

  try {  // numeric options are parsed by filterlab's value parser inside CLI11's parse
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "filterlab-peers: error: " << e.what() << "\n";
    return 1;
  }
  try {
    if (app.got_subcommand(c_export)) {
      std::cout << peers::export_peer_inputs(base, out, scale, run.seed) << "\n";
      return 0;
    }
    if (app.got_subcommand(c_list)) {
      for (const auto& d : ocl::select_devices(list_pattern))
        std::cout << d.info.platform << " / " << d.info.name << "\n";
      return 0;
    }
    if (run.repetitions < 0) throw Error("--repetitions must be positive");
    const auto devices = ocl::select_devices(device);
    if (devices.size() != 1)
      throw Error(
          "filterlab-peers runs on one OpenCL device per process (OpenCV's OpenCL device is fixed at start), "
          "but '" +
              device + "' selects " + std::to_string(devices.size()),
          "name one device with --device (`filterlab-peers list` prints their names)");
    // One writer per results directory, as for `filterlab run` (FILTERLAB_LOCK_WAIT to wait).
    io::ensure_directory(run.results_dir);
    const io::WriteLock lock(io::results_lock_path(run.results_dir), "results directory " + run.results_dir);
    std::cout << peers::run_peers(devices.front(), run) << "\n";
    return 0;
  } catch (const cl::Error& e) {
    try {
      ocl::rethrow(e, "");
    } catch (const std::exception& t) {
      std::cerr << "filterlab-peers: error: " << t.what() << "\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "filterlab-peers: error: " << e.what() << "\n";
  }
  return 1;
}
