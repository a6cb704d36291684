#include "experiments/tuning.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <thread>

#include "error.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "experiments/tuning_ground_truth.hpp"
#include "experiments/tuning_shortlist.hpp"
#include "imagecl/check.hpp"
#include "imagecl/space.hpp"
#include "io/atomic_file.hpp"
#include "ocl/program.hpp"
#include "tuner/cache.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/imagecl_subspace.hpp"
#include "tuner/replay_space.hpp"
#include "tuner/simulate.hpp"
#include "tuner/strategy.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "tuning";
constexpr unsigned kFirstSeed = 1;

// --spaces: comma-separated pieces of names; a space runs when its name contains any of them
// (or equals a piece written with a trailing '$').
bool selected(const std::string& name, const std::string& filter) {
  std::size_t start = 0;
  for (;;) {
    const auto comma = filter.find(',', start);
    const auto piece = filter.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    // A piece ending in '$' names a whole space ("imagecl.conv2d_u8$": the full space, not its sub-spaces).
    if (!piece.empty() && piece.back() == '$' ? name == piece.substr(0, piece.size() - 1)
                                              : name.find(piece) != std::string::npos)
      return true;
    if (comma == std::string::npos) return false;
    start = comma + 1;
  }
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The best valid row of a cache, with the ImageCL parameter values for ImageCL spaces.
nlohmann::json best_json(const std::string& space, const std::map<std::string, tuner::Measurement>& rows) {
  const tuner::Measurement* best = nullptr;
  std::string id;
  for (const auto& [i, m] : rows)
    if (m.valid() && (!best || m.time_ms < best->time_ms)) best = &m, id = i;
  if (!best) return nullptr;
  nlohmann::json j = {{"time_ms", best->time_ms}, {"q1_ms", best->q1_ms}, {"q3_ms", best->q3_ms}};
  // A configuration ID starts with its family ("imagecl.conv2d_u8/wg32x4/..."); the space it won is the case.
  add_row_keys(j, id.substr(0, id.find('/')), id, space);
  if (space.rfind("imagecl.", 0) == 0) {
    auto kernel = space.substr(8);
    kernel = kernel.substr(0, kernel.find(':'));
    const auto& ks = imagecl::kernel_space(kernel);
    const auto c = imagecl::parse_config_id(ks, id);
    nlohmann::json values;
    for (std::size_t i = 0; i < ks.params.size(); ++i) values[ks.params[i].name] = c[i];
    j["imagecl_config"] = values;
    j["build_options"] = imagecl::build_options(ks, c);
  }
  return j;
}

// Where a space's rows are and where they come from. A resumed cache keeps the rows of the runs
// that wrote them: its header names the commit and start of the run that began it, and
// `evaluated_this_run` says how many rows this run added (its seconds cover only those).
nlohmann::json cache_record(const std::string& device_slug, const std::string& path, const nlohmann::json& header,
                            std::size_t evaluated_this_run) {
  return {{"cache", "cache/" + device_slug + "/" + path.substr(path.rfind('/') + 1)},
          {"cache_commit", header.value("commit", nlohmann::json())},
          {"cache_started_utc", header.value("started_utc", nlohmann::json())},
          {"evaluated_this_run", evaluated_this_run}};
}

nlohmann::json invalid_counts(const std::map<std::string, tuner::Measurement>& rows) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [id, m] : rows)
    if (!m.valid()) j[tuner::invalid_name(m.invalid)] = j.value(tuner::invalid_name(m.invalid), 0) + 1;
  return j;
}

// The strategies run live on the full spaces, in this order, each with the full budget.
constexpr const char* kLiveStrategies[] = {"random", "paper", "guided"};

// Every kernel of every ImageCL benchmark, the one-kernel pipelines first (the 8-bit convolution,
// the fused pipelines): under a time limit, the runs that tune a whole pipeline come first.
std::vector<std::string> full_space_kernels() {
  auto benchmarks = imagecl::benchmarks();
  std::stable_sort(benchmarks.begin(), benchmarks.end(),
                   [](const auto& a, const auto& b) { return a.kernels.size() < b.kernels.size(); });
  std::vector<std::string> out;
  for (const auto& b : benchmarks)
    for (const auto& k : b.kernels)
      if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
  return out;
}

// A run's own evaluations (not the whole cache a resumed run may hold): its trace as rows.
std::map<std::string, tuner::Measurement> trace_rows(const std::vector<tuner::Step>& trace) {
  std::map<std::string, tuner::Measurement> rows;
  for (const auto& st : trace) rows.emplace(st.id, st.m);
  return rows;
}

// The best configuration known for a full space: the fastest of its live runs and of the
// exhaustive sub-spaces of the same kernel timed with the same setup; each run's best as a
// fraction of it (1 = found it). A sub-space is part of the full space, so its points count.
void add_best_known(nlohmann::json& entry, const nlohmann::json& spaces, const std::string& name) {
  nlohmann::json known = nullptr;
  std::string from;
  const auto consider = [&](const nlohmann::json& b, const std::string& source) {
    if (b.is_null() || !b.contains("time_ms")) return;
    if (known.is_null() || b["time_ms"].get<double>() < known["time_ms"].get<double>()) known = b, from = source;
  };
  for (const auto& [strategy, run] : entry["runs"].items())
    if (run.contains("best")) consider(run["best"], strategy + " (live, full space)");
  for (const auto& [sub, s] : spaces.items())
    if (sub.rfind(name + ":", 0) == 0 && s.value("setup", "") == entry["setup"].get<std::string>() &&
        s.contains("best"))
      consider(s["best"], sub + " (exhaustive)");
  if (!known.is_null()) known["found_by"] = from;
  entry["best_known"] = known;
  for (auto& [strategy, run] : entry["runs"].items()) {
    if (known.is_null() || !run.contains("best") || run["best"].is_null()) continue;
    run["of_best_known"] = known["time_ms"].get<double>() / run["best"]["time_ms"].get<double>();
  }
}

void print_live(const std::string& name, const nlohmann::json& entry) {
  std::printf("%s, full space (%.0f points, %zu candidates): live runs, budget per strategy as listed\n", name.c_str(),
              entry["space_points"].get<double>(), entry["candidates"].get<std::size_t>());
  const auto& known = entry["best_known"];
  for (const auto& [strategy, run] : entry["runs"].items()) {
    if (run.contains("skipped")) {
      std::printf("  %-8s skipped: %s\n", strategy.c_str(), run["skipped"].get<std::string>().c_str());
      continue;
    }
    const bool found = run.contains("best") && !run["best"].is_null();
    std::printf("  %-8s %3zu evaluations (%3zu valid) in %7.1f s: best %s ms, %s of the best known\n", strategy.c_str(),
                run["evaluations"].get<std::size_t>(), run["valid_evaluations"].get<std::size_t>(),
                run["seconds_this_run"].get<double>(),
                found ? std::to_string(run["best"]["time_ms"].get<double>()).c_str() : "-",
                run.contains("of_best_known") ? std::to_string(run["of_best_known"].get<double>()).c_str() : "-");
  }
  if (!known.is_null())
    std::printf("  best known %.4f ms (%s): %s\n", known["time_ms"].get<double>(),
                known["found_by"].get<std::string>().c_str(), known["variant_id"].get<std::string>().c_str());
}

}  // namespace

void print_efficiency(const std::string& space, const nlohmann::json& efficiency, std::size_t valid) {
  std::printf("%s (%zu valid): fraction of the optimum, median [IQR] over seeds\n", space.c_str(), valid);
  std::printf("  %-10s %8s  %-22s %-22s %-22s %-22s\n", "strategy", "budget", "25", "50", "100", "400");
  for (const auto& e : efficiency) {
    tuner::Efficiency eff{e.at("strategy"), e.at("budget"), e.at("curves")};
    std::printf("  %-10s %8zu ", eff.strategy.c_str(), eff.budget);
    for (std::size_t k : {25u, 50u, 100u, 400u}) {
      if (eff.strategy == "paper" && k != eff.budget && !(k >= valid && eff.budget == valid)) {
        std::printf(" %-22s", "-");
        continue;
      }
      const auto q = tuner::fraction_at(eff, k);
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.3f [%.3f-%.3f]%s", q.median, q.q1, q.q3, k > valid ? "*" : "");
      std::printf(" %-22s", buf);
    }
    std::printf("\n");
  }
  std::printf("  (* beyond the %zu valid points: the exhaustive search itself)\n", valid);
}

namespace {

// One space searched exhaustively (resuming its cache), its replay simulated over the seeds; the
// space's record for the result file (or why it was skipped).
// Why `run tuning` skips the exhaustive space `name` on `dev` ("" when it searches it): the wide
// sub-spaces are a GPU search, the rows sub-spaces a CPU code path, unless --wide says otherwise.
std::string skip_reason(const std::string& name, const TuningRunConfig& cfg, const ocl::DeviceInfo& dev) {
  const bool wide = tuner::is_large_subspace(name), cpu_path = tuner::is_cpu_subspace(name);
  if (wide && (cfg.wide == 0 || (cfg.wide < 0 && dev.is_cpu())))
    return cfg.wide == 0 ? "wide, regs, slide, staged, private and window sub-spaces were switched off (--wide 0)"
                         : "wide, regs, slide, staged, private and window sub-spaces run on GPUs by default (--wide 1 "
                           "runs them here)";
  if (cpu_path && (cfg.wide == 0 || (cfg.wide < 0 && !dev.is_cpu())))
    return cfg.wide == 0 ? "the rows sub-spaces were switched off (--wide 0)"
                         : "the rows sub-spaces (a CPU code path) run on CPUs by default (--wide 1 runs them here)";
  return "";
}

// One space searched exhaustively (resuming its cache), its replay simulated over the seeds; the
// space's record for the result file (or why it was skipped).
nlohmann::json exhaustive_space(ocl::Runtime& rt, const TuningRunConfig& cfg, const std::string& name,
                                const std::string& cache_dir, const nlohmann::json& cache_extra) {
  const auto& dev = rt.device.info;
  if (const auto why = skip_reason(name, cfg, dev); !why.empty()) return {{"skipped", why}};
  auto space = tuner::make_space(name, rt, cfg.settings);
  const auto path = tuner::cache_path(cache_dir, name);
  const auto t0 = std::chrono::steady_clock::now();
  std::size_t valid_here = 0, evaluated_here = 0;
  double prepare_s = 0;  // of the exhaustive search: the parallel builds ahead of the evaluations
  {
    tuner::EvalCache cache(path, tuner::cache_header(*space, cache_extra));
    const auto before = cache.size();
    std::cerr << "[" << kExperiment << "] " << name << " (" << space->setup() << "): exhaustive, " << before
              << " already in " << path << "\n";
    tuner::Evaluator ev(*space, cache);
    const auto points = tuner::valid_points(*space);
    valid_here = points.size();
    constexpr std::size_t kChunk = 128;  // builds prepared in parallel, then evaluated one by one
    prepare_s = ev.evaluate_all(points, kChunk, [&](std::size_t done) {
      std::cerr << "[" << kExperiment << "] " << name << ": " << done << "/" << points.size() << " ("
                << static_cast<int>(seconds_since(t0)) << " s)\n";
    });
    evaluated_here = cache.size() - before;
  }
  const double exhaustive_s = seconds_since(t0);
  tuner::ReplaySpace replay(path);
  const auto file = tuner::read_cache(path);
  nlohmann::json s = {{"setup", space->setup()},
                      {"configurations", valid_here},
                      {"valid", replay.valid_count()},
                      {"invalid", invalid_counts(file.rows)},
                      {"exhaustive_seconds_this_run", exhaustive_s},
                      {"prepare_seconds_this_run", prepare_s},
                      {"best", best_json(name, file.rows)}};
  s.update(cache_record(dev.slug, path, file.header, evaluated_here));
  if (name.rfind("imagecl.", 0) == 0) {
    const auto colon = name.find(':');
    s["rationale"] = tuner::imagecl_subspace(name.substr(8, colon - 8), name.substr(colon + 1)).rationale;
    nlohmann::json ps = nlohmann::json::array();
    for (const auto& p : space->params()) ps.push_back({{"name", p.name}, {"values", p.values}});
    s["params"] = ps;
  }
  if (replay.valid_count() > 0) {
    const auto t1 = std::chrono::steady_clock::now();
    const auto eff = tuner::simulate(replay, {"random", "paper", "guided"}, cfg.max_budget, {25, 50, 100, 200, 400},
                                     kFirstSeed, cfg.seeds);
    nlohmann::json e = nlohmann::json::array();
    for (const auto& x : eff) e.push_back(tuner::efficiency_json(x));
    s["efficiency"] = e;
    s["simulation_seconds"] = seconds_since(t1);
    std::printf("%s: exhaustive search %.1f s in this run (%zu evaluations recorded)\n", name.c_str(), exhaustive_s,
                file.rows.size());
    print_efficiency(name, e, replay.valid_count());
  }
  return s;
}

// The paper's method, ours and random, live on the ImageCL kernels' full spaces with the same
// budget, each from its own cache (so each one's seconds are its own); then every run's best
// against the best configuration known on this device from all runs and sub-spaces.
nlohmann::json live_searches(ocl::Runtime& rt, const TuningRunConfig& cfg, const std::string& cache_dir,
                             const nlohmann::json& cache_extra, const nlohmann::json& spaces, nlohmann::json& best) {
  const auto& dev = rt.device.info;
  const long full_budget = cfg.full_budget >= 0 ? cfg.full_budget : 100;
  // The time limit counts from here: the exhaustive sub-spaces above (long where their caches are
  // new, e.g. the register sub-space) must not leave the live searches no time.
  const auto live_start = std::chrono::steady_clock::now();
  nlohmann::json full = nlohmann::json::object();
  if (full_budget > 0)
    for (const auto& kernel : full_space_kernels()) {
      const std::string name = "imagecl." + kernel;
      if (!selected(name, cfg.spaces)) continue;
      auto space = tuner::make_space(name, rt, cfg.settings);
      nlohmann::json runs = nlohmann::json::object();
      for (const auto* strategy : kLiveStrategies) {
        if (cfg.time_limit_s > 0 && seconds_since(live_start) > cfg.time_limit_s) {
          runs[strategy] = {{"skipped", "the live searches' time limit was reached before this search"}};
          continue;
        }
        const auto path = tuner::cache_path(cache_dir, name + "_" + strategy + "_s" + std::to_string(kFirstSeed));
        const auto t0 = std::chrono::steady_clock::now();
        tuner::EvalCache cache(path, tuner::cache_header(*space, cache_extra));
        const auto before = cache.size();
        std::cerr << "[" << kExperiment << "] " << name << ": " << strategy << ", budget " << full_budget << ", "
                  << before << " already in " << path << "\n";
        tuner::Evaluator ev(*space, cache);
        tuner::run_strategy(strategy, ev, static_cast<std::size_t>(full_budget), kFirstSeed);
        nlohmann::json trace = nlohmann::json::array();
        std::size_t valid = 0;
        for (const auto& st : ev.trace()) trace.push_back(st.id), valid += st.m.valid() ? 1 : 0;
        nlohmann::json run = {{"strategy", strategy},
                              {"budget", full_budget},
                              {"seed", kFirstSeed},
                              {"seconds_this_run", seconds_since(t0)},
                              {"evaluations", ev.trace().size()},
                              {"valid_evaluations", valid},
                              {"best", best_json(name, trace_rows(ev.trace()))},
                              {"order", trace}};
        run.update(cache_record(dev.slug, path, cache.header(), cache.size() - before));
        runs[strategy] = run;
      }
      full[name] = {{"setup", space->setup()},
                    {"space_points", tuner::point_count(*space)},
                    {"candidates", tuner::candidate_points(*space).size()},
                    {"candidate_cap", tuner::kCandidateCap},
                    {"runs", runs}};
      add_best_known(full[name], spaces, name);
      if (const auto gt = read_ground_truth(tuner::cache_path(cache_dir, name + "_ground_truth"), *space, dev.name)) {
        if (!gt->ignored.empty())
          std::cerr << "[" << kExperiment << "] " << name << ": exhaustive cache "
                    << gt->record["path"].get<std::string>() << " not used: " << gt->ignored << "\n";
        apply_ground_truth(full[name], *gt, best_json(name, gt->rows));
      }
      if (!full[name]["best_known"].is_null()) best[name] = full[name]["best_known"];
      print_live(name, full[name]);
    }
  // A kernel whose full space was not searched live (not selected, or --full-budget 0): its
  // database entry is the best of the exhaustive sub-spaces this run searched, so that Study 6a
  // has a tuned configuration wherever the tuner measured one.
  for (const auto& kernel : full_space_kernels()) {
    const std::string name = "imagecl." + kernel;
    if (full.contains(name)) continue;
    nlohmann::json known = nullptr;
    for (const auto& [sub, sp] : spaces.items())
      if (sub.rfind(name + ":", 0) == 0 && sp.contains("best") && sp["best"].contains("time_ms") &&
          (known.is_null() || sp["best"]["time_ms"].get<double>() < known["time_ms"].get<double>())) {
        known = sp["best"];
        known["found_by"] = sub + " (exhaustive)";
      }
    if (!known.is_null()) best[name] = known;
  }

  return full;
}

// On a CPU each ImageCL kernel's database entry is the fastest of its shortlist in shuffled rounds
// (experiments/tuning_shortlist.hpp): the tuner's kShortlistSize fastest configurations over every
// cache this run read for it (its exhaustive sub-spaces and live searches); each entry records its shortlist.
void shortlist_entries(ocl::Runtime& rt, const TuningRunConfig& cfg, const std::string& cache_dir,
                       const nlohmann::json& spaces, const nlohmann::json& full, nlohmann::json& best) {
  constexpr int kWarmup = 3, kRounds = 30;  // Study 6a's warm-up and the CPU records' repetitions
  for (const auto& kernel : full_space_kernels()) {
    const std::string name = "imagecl." + kernel;
    if (!best.contains(name) || best[name].is_null()) continue;
    struct Seen {
      ShortlistEntry entry;
      std::string space;
      tuner::Measurement m;
    };
    std::map<std::string, Seen> seen;  // by ID: its fastest time over the caches
    const auto consider = [&](const nlohmann::json& record, const std::string& space, const std::string& found_by) {
      if (!record.contains("cache")) return;
      const auto cache = record["cache"].get<std::string>();
      const auto file = tuner::read_cache(cache_dir + "/" + cache.substr(cache.rfind('/') + 1));
      for (const auto& [id, m] : file.rows)
        if (m.valid() && (!seen.count(id) || m.time_ms < seen[id].m.time_ms))
          seen[id] = {{id, found_by, m.time_ms}, space, m};
    };
    for (const auto& [sub, sp] : spaces.items())
      if (sub.rfind(name + ":", 0) == 0) consider(sp, sub, sub + " (exhaustive)");
    if (full.contains(name))
      for (const auto& [strategy, run] : full[name]["runs"].items())
        consider(run, name, strategy + " (live, full space)");
    std::vector<Seen> ranked;
    for (const auto& [id, x] : seen) ranked.push_back(x);
    std::sort(ranked.begin(), ranked.end(), [](const Seen& a, const Seen& b) { return a.m.time_ms < b.m.time_ms; });
    if (ranked.size() > kShortlistSize) ranked.resize(kShortlistSize);
    if (ranked.size() < 2) continue;
    std::vector<ShortlistEntry> entries;
    for (const auto& x : ranked) entries.push_back(x.entry);
    const int side = tuner::imagecl_side(kernel, rt.device.info, cfg.settings.cpu_divisor);
    std::cerr << "[" << kExperiment << "] " << name << ": the " << entries.size()
              << " fastest configurations again in shuffled rounds\n";
    auto sl = time_shortlist(rt, kernel, entries, side, kWarmup, kRounds, kFirstSeed);
    const auto& w = ranked[sl.winner];
    auto entry = best_json(w.space, {{w.entry.id, w.m}});
    entry["found_by"] = w.entry.found_by + ", the fastest of the shortlist in shuffled rounds";
    entry["shortlist"] = sl.record;
    best[name] = entry;
    std::printf("%s: shortlist of %zu in shuffled rounds, entry %s (tuner's fastest %s)\n", name.c_str(),
                entries.size(), w.entry.id.c_str(), entries.front().id.c_str());
  }
}

nlohmann::json tuning_provenance(nlohmann::json prov, const TuningRunConfig& cfg, long full_budget, double wall_s) {
  prov["cpu_divisor"] = cfg.settings.cpu_divisor;
  prov["seeds"] = cfg.seeds;
  prov["first_seed"] = kFirstSeed;
  prov["max_budget"] = cfg.max_budget;
  prov["full_budget"] = full_budget;
  prov["wide"] = cfg.wide;
  prov["host_threads"] = std::thread::hardware_concurrency();  // builds are prepared and seeds simulated in parallel
  prov["input"] = "random integers 0..255 (ImageCL benchmarks), 0..127 (Study 4), square images of the setup's side";
  prov["verification"] = "every configuration's pipeline compared with the oracle on the timed image before timing";
  prov["timing"] = "warm-up then repetitions of the kernel alone, profiling events, median (setup per space)";
  prov["wall_seconds"] = wall_s;
  // The programs this run built (configurations replayed from a cache were built by the run that wrote it).
  add_programs_used(prov);
  prov["kernel_program_sha256"] = "per configuration (provenance.kernel_programs)";
  prov["kernel_origin"] = ocl::kernel_dir().empty() ? "embedded" : ocl::kernel_dir();
  return prov;
}

}  // namespace

std::string tuning_plan(const ocl::Device& device, const TuningRunConfig& cfg) {
  ocl::Runtime rt(device);
  std::ostringstream out;
  for (const auto& name : tuner::space_names())
    if (selected(name, cfg.spaces) && skip_reason(name, cfg, device.info).empty())
      out << name << "$ " << tuner::valid_points(*tuner::make_space(name, rt, cfg.settings)).size() << "\n";
  const long full_budget = cfg.full_budget >= 0 ? cfg.full_budget : 100;
  if (full_budget > 0)
    for (const auto& kernel : full_space_kernels())
      if (selected("imagecl." + kernel, cfg.spaces))
        out << "imagecl." << kernel << "$ " << full_budget * static_cast<long>(std::size(kLiveStrategies)) << "\n";
  auto text = out.str();
  if (!text.empty()) text.pop_back();  // `filterlab run` ends each run's output with a newline
  return text;
}

std::string run_tuning(const ocl::Device& device, const TuningRunConfig& cfg) {
  const auto start = std::chrono::steady_clock::now();
  const auto& dev = device.info;
  ocl::Runtime rt(device);
  const std::string dir = cfg.results_dir + "/" + kExperiment;
  const std::string cache_dir = dir + "/cache/" + dev.slug;
  io::ensure_directory(cache_dir);
  const std::string out_path = dir + "/" + dev.slug + ".json";
  const auto prov_base = provenance(dev, ocl::ProgramSource{}, "per configuration (see each cache row's ID)");
  const nlohmann::json cache_extra = {{"device", device_json(dev)},
                                      {"commit", prov_base.value("commit", nlohmann::json())},
                                      {"commit_dirty", prov_base.value("commit_dirty", true)},
                                      {"started_utc", utc_now_iso8601()}};

  nlohmann::json spaces = nlohmann::json::object(), best = nlohmann::json::object();
  for (const auto& name : tuner::space_names()) {
    if (!selected(name, cfg.spaces)) continue;
    spaces[name] = exhaustive_space(rt, cfg, name, cache_dir, cache_extra);
    if (!spaces[name].contains("skipped")) best[name] = spaces[name]["best"];
  }
  const nlohmann::json full = live_searches(rt, cfg, cache_dir, cache_extra, spaces, best);
  if (dev.is_cpu()) shortlist_entries(rt, cfg, cache_dir, spaces, full, best);

  nlohmann::json result;
  add_result_head(result, "filterlab.result", kExperiment);
  result["provenance"] =
      tuning_provenance(prov_base, cfg, cfg.full_budget >= 0 ? cfg.full_budget : 100, seconds_since(start));
  result["spaces"] = spaces;
  result["full_spaces"] = full;
  result["best"] = best;  // the tuning database: the best configuration per space on this device
  // Compact (no indentation): the efficiency curves and live traces would pass 5 MiB indented.
  const auto key = spaces.empty() && !full.empty() ? "full_spaces" : "spaces";
  write_result(out_path, result, key, result.dump() + "\n");
  std::cerr << "[" << kExperiment << "] wrote " << out_path << " in " << seconds_since(start) << " s\n";
  return out_path;
}

}  // namespace filterlab
