#include <CLI/CLI.hpp>
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "families/family.hpp"
#include "families/program_check.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/device.hpp"

namespace filterlab::cli {

int cmd_devices(const DevicesArgs& a) {
  const auto devices = ocl::select_devices(a.device);
  for (const auto& d : devices) {
    const auto& i = d.info;
    auto row = [](const char* k, const auto& v) { std::cout << "  " << std::left << std::setw(26) << k << v << "\n"; };
    std::cout << i.platform << " / " << i.name << "\n";
    row("slug", i.slug);
    row("type", i.type);
    row("platform version", i.platform_version);
    row("device version", i.device_version);
    row("OpenCL C", i.opencl_c_version);
    row("driver", i.driver_version);
    row("compute units", i.compute_units);
    row("global memory (MiB)", i.global_mem_bytes >> 20);
    row("max allocation (MiB)", i.max_alloc_bytes >> 20);
    row("local memory (KiB)", i.local_mem_bytes >> 10);
    row("constant memory (KiB)", i.constant_mem_bytes >> 10);
    row("max work-group size", i.max_work_group_size);
    row("image support", i.image_support ? "yes" : "no");
    if (i.image_support) {
      row("image2d max", std::to_string(i.image2d_max_width) + "x" + std::to_string(i.image2d_max_height));
      row("image array layers", std::to_string(i.image_max_array_size));
      row("image1d_buffer max (px)", i.image_max_buffer_size);
    }
    row("timer resolution (ns)", i.profiling_timer_resolution_ns);
    if (a.bandwidth) {
      std::cerr << "measuring copy bandwidth on " << i.name << " ...\n";
      ocl::Runtime rt(d);
      const auto bw = measure::measure_copy_bandwidth(rt);
      row("copy bandwidth (GB/s)", std::to_string(bw.best_GBps()) + "  (read+write; kernel " +
                                       std::to_string(bw.kernel_GBps) + ", clEnqueueCopyBuffer " +
                                       std::to_string(bw.enqueue_GBps) + ", " +
                                       std::to_string(bw.bytes_per_copy >> 20) + " MiB)");
      row("1 read + 2 writes (GB/s)", std::to_string(bw.split_GBps) + "  (the traffic mix of a two-output filter)");
    }
  }
  return 0;
}

// `variants --check-results`: a line per result file, every mismatch in full; 1 if any.
int check_results(const std::string& dir) {
  std::size_t bad = 0;
  for (const auto& c : check_result_programs(dir)) {
    std::string others;
    for (const auto& n : c.not_ours) others += (others.empty() ? "" : ", ") + n;
    std::cout << c.file << ": " << c.checked << " of " << c.rows << " rows checked, " << c.mismatches.size()
              << " differ" << (others.empty() ? "" : " (no family owns: " + others + ")") << "\n";
    for (const auto& m : c.mismatches) std::cout << "  " << m << "\n";
    bad += c.mismatches.size();
  }
  if (bad > 0)
    std::cerr << "filterlab: " << bad << " result rows name programs this binary does not build: re-run those "
              << "experiments, or restore the IDs, build options and kernels they were measured with\n";
  return bad > 0 ? 1 : 0;
}

int cmd_variants(const VariantsArgs& a) {
  if (!a.check_results.empty()) return check_results(a.check_results);
  if (a.json) {  // the catalogue the analysis reads (experiments/variants.json is its snapshot)
    nlohmann::json families = nlohmann::json::array();
    for (const auto& f : filter_families()) {
      nlohmann::json subs = nlohmann::json::array();
      for (const auto& sub : f->subfamilies())
        subs.push_back({{"name", sub.name}, {"summary", sub.summary}, {"design", sub.design}});
      families.push_back({{"name", f->name()}, {"study", f->study()}, {"subfamilies", subs}});
    }
    nlohmann::json variants = nlohmann::json::array();
    for (const auto& v : registered_filter_variants()) {
      nlohmann::json programs = nlohmann::json::array();
      for (const auto& p : v->programs())
        programs.push_back({{"case", p.case_name}, {"build_options", p.build_options}, {"sha256", p.sha256}});
      variants.push_back({{"id", v->id()}, {"family", v->family()}, {"programs", programs}});
    }
    std::cout << nlohmann::json{{"families", families}, {"variants", variants}}.dump(2) << "\n";
    return 0;
  }
  // Every registered family with its sub-families, then every variant ID (one per line).
  for (const auto& f : filter_families()) {
    std::cout << "# " << f->name() << ": " << f->study() << "\n";
    for (const auto& sub : f->subfamilies()) std::cout << "#   " << sub.name << ": " << sub.summary << "\n";
  }
  for (const auto& v : registered_filter_variants()) {
    std::cout << v->id();
    if (a.cases) {
      std::cout << "  ";
      for (const auto& c : v->verify_cases()) std::cout << " " << c;
    }
    std::cout << "\n";
  }
  return 0;
}

Command add_devices(CLI::App& app) {
  const auto args = std::make_shared<DevicesArgs>();
  auto& devices = *args;
  auto* c_devices =
      app.add_subcommand("devices", "Summarise every OpenCL device (clinfo-like, with measured copy bandwidth)");
  c_devices->add_option("--device", devices.device, kDeviceHelp);
  c_devices->add_flag("!--no-bandwidth", devices.bandwidth, "Skip the copy-bandwidth measurement");
  return {c_devices, [args] { return cmd_devices(*args); }};
}

Command add_variants(CLI::App& app) {
  const auto args = std::make_shared<VariantsArgs>();
  auto& variants = *args;
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
  return {c_variants, [args] { return cmd_variants(*args); }};
}

}  // namespace filterlab::cli
