#include "experiments/roofline.hpp"

#include <cstdint>
#include <iostream>
#include <map>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "imagecl/space.hpp"
#include "io/atomic_file.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "tuner/imagecl_space.hpp"
#include "util/cpu_side_divisor.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "roofline";

nlohmann::json sizes_json(const measure::RooflineSizes& s) {
  return {{"global_size", s.global},
          {"local_size", s.wg},
          {"chains", s.chains},
          {"fp_iterations", s.fp_iters},
          {"cvt_iterations", s.cvt_iters},
          {"local_chains", s.local_chains},
          {"local_iterations", s.local_iters},
          {"tile", s.tile},
          {"tile_elements", s.tile_elements()}};
}

nlohmann::json args_json(const measure::RooflineArgs& a) {
  return {{"exact_mul", a.exact_mul}, {"exact_add", a.exact_add}, {"fma_mul", a.fma_mul},      {"fma_add", a.fma_add},
          {"cvt_step", a.cvt_step},   {"f2u_step", a.f2u_step},   {"local_step", a.local_step}};
}

nlohmann::json copy_json(const measure::Bandwidth& bw) {
  auto j = bandwidth_json(bw);
  j["GBps"] = bw.best_GBps();
  j["samples_kernel_ms"] = bw.kernel_copy_samples_ms;
  j["samples_enqueue_copy_ms"] = bw.enqueue_copy_samples_ms;
  j["samples_split_copy_ms"] = bw.split_copy_samples_ms;
  return j;
}

// A plain copy of each ImageCL kernel's compulsory bytes at the side Study 6a times it, one
// measurement per distinct byte count: the floor a memory-bound kernel of that size can reach, its
// launch and the memory system's ramp included, beside the large copy of the copy ceiling.
nlohmann::json copies_at_kernel_sizes(ocl::Runtime& rt, int reps) {
  std::map<std::uint64_t, nlohmann::json> kernels_by_bytes;  // bytes moved (read plus written) -> kernels
  for (const auto& name : imagecl::kernel_names()) {
    const auto& c = imagecl::kernel_space(name).counts;
    if (!c.known || c.compulsory_bytes <= 0) continue;
    const int side = tuner::imagecl_side(name, rt.device.info, kCpuSideDivisor);
    const auto moved = static_cast<std::uint64_t>(c.compulsory_bytes * side * side);
    kernels_by_bytes[moved].push_back({{"kernel", name}, {"side", side}, {"compulsory_bytes", c.compulsory_bytes}});
  }
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [moved, kernels] : kernels_by_bytes) {
    const auto bw = measure::measure_copy_bandwidth(rt, moved / 2, reps);
    auto j = copy_json(bw);
    j["bytes_moved"] = 2 * bw.bytes_per_copy;  // moved / 2 rounded down to whole work-groups
    j["kernels"] = kernels;
    out.push_back(j);
  }
  return out;
}

}  // namespace

nlohmann::json roofline_rows(const measure::Roofline& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& p : r.probes) {
    const bool local = p.name.rfind("local_", 0) == 0, fp = p.name.rfind("fp32_", 0) == 0;
    nlohmann::json row = {
        {"probe", p.name},
        {"description", p.description},
        {"work_unit", p.work_unit},
        {"rate_unit", p.rate_unit},
        {"ops_per_launch", p.ops_per_launch},
        {"work_per_op", p.work_per_op},
        {"work_per_launch", p.work_per_launch()},
        {"global_size", r.sizes.global},
        {"local_size", r.sizes.wg},
        {"chains", local ? r.sizes.local_chains : r.sizes.chains},
        {"iterations", local ? r.sizes.local_iters
                       : fp  ? r.sizes.fp_iters
                             : r.sizes.cvt_iters},
        {"build_options", r.build_options},
        {"kernel_program_sha256", r.program_sha256},
        {"check", p.check},
        {"rate", {{"median", p.rate}, {"ci95_low", p.rate_ci95_low}, {"ci95_high", p.rate_ci95_high}}}};
    row.update(measure::timing_fields(p.samples));
    add_row_keys(row, "roofline." + p.name, "roofline." + p.name);
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json imagecl_counts_json() {
  nlohmann::json all = nlohmann::json::object();
  for (const auto& name : imagecl::kernel_names()) {
    const auto& s = imagecl::kernel_space(name);
    const auto& c = s.counts;
    all[name] = {{"known", c.known},
                 {"fp32_add", c.fp32_add},
                 {"fp32_mul", c.fp32_mul},
                 {"fp32_fma", c.fp32_fma},
                 {"fp32_other", c.fp32_other},
                 {"int_to_float", c.int_to_float},
                 {"float_to_int", c.float_to_int},
                 {"image_reads", c.image_reads},
                 {"compulsory_bytes", c.compulsory_bytes},
                 {"compulsory_int_to_float", c.compulsory_int_to_float},
                 {"compulsory_float_to_int", c.compulsory_float_to_int},
                 {"kernel_sha256", s.sha256}};
  }
  return all;
}

std::string run_roofline(const ocl::Device& device, const RooflineRunConfig& cfg) {
  const auto& dev = device.info;
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  ocl::Runtime rt(device);
  std::cerr << "[" << kExperiment << "] " << dev.name << ": copy bandwidth and "
            << measure::roofline_probe_names().size() << " probes, " << reps << " repetitions\n";
  measure::RooflineOptions options;
  options.repetitions = reps;
  options.warmup = cfg.warmup;
  const auto r = measure::measure_roofline(rt, options);
  const auto copies = copies_at_kernel_sizes(rt, reps);

  nlohmann::json result;
  add_result_head(result, "filterlab.roofline", kExperiment);
  auto prov = provenance(dev, ocl::load_program_source({"probe/roofline.cl"}), r.build_options);
  add_programs_used(prov);  // copy.cl's program beside roofline.cl's
  prov["kernel_program_sha256"] = r.program_sha256;
  prov["warmup"] = cfg.warmup;
  prov["repetitions"] = reps;
  prov["copy_bandwidth_GBps"] = r.copy.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(r.copy);
  prov["probe_sizes"] = sizes_json(r.sizes);
  prov["probe_args"] = args_json(r.args);
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  result["provenance"] = prov;
  result["copy"] = copy_json(r.copy);
  result["copy_at_kernel_sizes"] = copies;
  result["rows"] = roofline_rows(r);
  nlohmann::json refused = nlohmann::json::array();
  for (const auto& [probe, reason] : r.refused) refused.push_back({{"probe", probe}, {"reason", reason}});
  result["refused_probes"] = refused;
  result["imagecl_counts"] = imagecl_counts_json();
  write_result(out_path, result, "rows");
  std::cerr << "[" << kExperiment << "] copy " << r.copy.best_GBps() << " GB/s";
  for (const auto& c : copies)
    std::cerr << "; copy of " << c["bytes_moved"].get<std::uint64_t>() / 1000000 << " MB " << c["GBps"].get<double>()
              << " GB/s";
  for (const auto& p : r.probes) std::cerr << "; " << p.name << " " << p.rate << " " << p.rate_unit;
  for (const auto& [probe, reason] : r.refused)
    std::cerr << "\n[" << kExperiment << "] refused " << probe << ": " << reason;
  std::cerr << "\n[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

}  // namespace filterlab
