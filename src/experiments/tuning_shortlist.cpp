#include "experiments/tuning_shortlist.hpp"

#include <memory>

#include "experiments/imagecl_tuned.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "stats.hpp"

namespace filterlab {
namespace {

struct Candidate {
  std::string kernel;
  std::unique_ptr<imagecl::Launcher> launcher;
  ocl::Samples samples;
  cl::NDRange global;
};

}  // namespace

Shortlisted time_shortlist(ocl::Runtime& rt, const std::string& kernel, const std::vector<ShortlistEntry>& entries,
                           int side, int warmup, int reps, unsigned seed) {
  const auto& space = imagecl::kernel_space(kernel);
  std::vector<Candidate> timed;
  for (const auto& e : entries) {
    Candidate c;
    c.kernel = kernel;
    c.launcher = std::make_unique<imagecl::Launcher>(rt, space, imagecl::parse_config_id(space, e.id));
    timed.push_back(std::move(c));
  }
  const auto input = imagecl::benchmark_input(side, side, seed);
  time_launchers(rt, timed, side, input, rt.device.info.global_mem_bytes, warmup, reps, seed,
                 "tuning shortlist " + kernel);
  Shortlisted out;
  nlohmann::json list = nlohmann::json::array();
  double fastest = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const double ms = summarize(timed[i].samples.kernel_ms).median;
    if (i == 0 || ms < fastest) fastest = ms, out.winner = i;
    list.push_back({{"variant_id", entries[i].id},
                    {"found_by", entries[i].found_by},
                    {"tuner_ms", entries[i].tuner_ms},
                    {"shuffled_kernel_ms", measure::summary_json(summarize(timed[i].samples.kernel_ms))},
                    {"shuffled_wall_ms", measure::summary_json(summarize(timed[i].samples.wall_ms))}});
  }
  out.record = {{"protocol", "the tuner's " + std::to_string(entries.size()) +
                                 " fastest configurations of the kernel over every cache this run read, timed in " +
                                 std::to_string(reps) + " shuffled rounds after " + std::to_string(warmup) +
                                 " warm-up samples each (Study 6a's protocol), every image resident; the fastest "
                                 "kernel-time median is the entry"},
                {"side", side},
                {"entries", list},
                {"winner", entries[out.winner].id}};
  return out;
}

}  // namespace filterlab
