#include "experiments/epsilon.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "error.hpp"
#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "families/epsilon/epsilon_runner.hpp"
#include "families/epsilon/epsilon_verify.hpp"
#include "io/atomic_file.hpp"
#include "io/netpbm.hpp"
#include "measure/bandwidth.hpp"
#include "ocl/limits.hpp"
#include "ocl/sha256.hpp"
#include "reference/epsilon.hpp"
#include "stats.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "epsilon";
constexpr int kCropW = 160, kCropH = 120;  // the before/after crop of the paper

// The PGM's samples as 8-bit values (read_netpbm gives v / 255; v is recovered exactly).
ref::Plane8 load_plane(const std::string& path, int scale, int& full_w, int& full_h, std::string& sha) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream bytes;
  bytes << f.rdbuf();
  sha = sha256_hex(bytes.str());
  const auto img = io::read_netpbm(path);
  full_w = img.width;
  full_h = img.height;
  const int w = img.width / scale, h = img.height / scale;
  const int x0 = (img.width - w) / 2, y0 = (img.height - h) / 2;  // centre crop
  ref::Plane8 out(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const float v = img.at(x0 + x, y0 + y) * 255.0f;
      const long r = std::lround(v);
      if (std::fabs(v - static_cast<float>(r)) > 1e-3f || r < 0 || r > 255)
        throw Error(path + " is not an 8-bit PGM", "give the Y plane written by filterlab-derive-epsilon (make data)");
      out.at(x, y) = static_cast<std::uint8_t>(r);
    }
  return out;
}

struct Config {
  EpsilonVariant variant;
  int threshold = 0;
  bool sweep = false;
  ocl::Samples samples;
};

// The kCropW x kCropH window (on a 20-pixel grid) where the filter changes the image most: the
// paper's before/after crop, chosen by the data.
nlohmann::json crop_json(const ref::Plane8& before, const ref::Plane8& after) {
  int best_x = 0, best_y = 0;
  long best = -1;
  for (int y = 0; y + kCropH <= before.height; y += 20)
    for (int x = 0; x + kCropW <= before.width; x += 20) {
      long s = 0;
      for (int yy = y; yy < y + kCropH; yy += 2)
        for (int xx = x; xx < x + kCropW; xx += 2) s += std::abs(before.at(xx, yy) - after.at(xx, yy));
      if (s > best) best = s, best_x = x, best_y = y;
    }
  const int w = std::min(kCropW, before.width), h = std::min(kCropH, before.height);
  std::vector<int> b, a;
  for (int y = best_y; y < best_y + h; ++y)
    for (int x = best_x; x < best_x + w; ++x) {
      b.push_back(before.at(x, y));
      a.push_back(after.at(x, y));
    }
  return {{"x", best_x}, {"y", best_y}, {"width", w}, {"height", h}, {"before", b}, {"after", a}};
}

using Runners = std::map<std::string, std::unique_ptr<EpsilonRunner>>;
using Images = std::map<bool, EpsilonImages>;  // float (CL_R) and packed inputs, one output each

// Every configuration judged by the oracle on the image, its output poisoned first, before anything
// is timed; returns the oracle per threshold.
std::map<int, ref::Plane8> verify_configs(const std::vector<Config>& configs, Runners& runners, Images& images,
                                          const ref::Plane8& img) {
  std::map<int, ref::Plane8> oracle;
  for (const auto& c : configs) {
    if (!oracle.count(c.threshold)) {
      std::cerr << "[" << kExperiment << "] oracle at T=" << c.threshold << "\n";
      oracle[c.threshold] = ref::epsilon_filter(img, c.threshold);
    }
    const auto& want = oracle[c.threshold];
    auto& r = *runners[c.variant.step];
    const auto& im = images[c.variant.traits().float_math];
    auto poison = want;
    for (auto& v : poison.px) v = static_cast<std::uint8_t>(v ^ 0x80u);
    r.write_output(im, poison);
    r.enqueue(im, c.threshold);
    const auto cmp = compare_epsilon(r.download(im), want, img, c.threshold, c.variant.traits().float_math);
    if (!cmp.passed())
      throw Error(c.variant.id() + " at T=" + std::to_string(c.threshold) + " disagrees with the oracle on the " +
                      std::to_string(img.width) + "x" + std::to_string(img.height) + " image: " + cmp.describe(),
                  "this is a kernel bug; nothing was timed");
    std::cerr << "[" << kExperiment << "] verified " << c.variant.id() << " T=" << c.threshold << " (" << cmp.differing
              << " pixels within the float rule)\n";
  }
  return oracle;
}

// Minimum traffic: every input pixel read once and every output pixel written once, 1 byte each.
nlohmann::json epsilon_row(const Config& c, std::uint64_t pixels, double GBps) {
  const std::uint64_t bytes_min = 2ull * pixels;
  const double floor = floor_ms(bytes_min, GBps);
  const auto& t = c.variant.traits();
  const auto k = summarize(c.samples.kernel_ms);
  nlohmann::json row = {{"step", t.name},
                        {"label", t.label},
                        {"description", t.description},
                        {"outputs_per_item", t.outputs_per_item},
                        {"local_size", {c.variant.local_w, c.variant.local_h}},
                        {"threshold", c.threshold},
                        {"build_options", c.variant.build_options()},
                        {"bytes_min", bytes_min},
                        {"floor_ms", floor},
                        {"roofline_fraction", floor / k.median}};
  row.update(measure::timing_fields(c.samples));
  add_row_keys(row, c.variant.family(), c.variant.id(), "t" + std::to_string(c.threshold));
  return row;
}

struct InputFacts {
  int full_w = 0, full_h = 0, scale = 1;
  std::string sha;
};

nlohmann::json epsilon_provenance(const ocl::DeviceInfo& dev, const EpsilonRunConfig& cfg, const Runners& runners,
                                  const ref::Plane8& img, const InputFacts& in, int reps, const measure::Bandwidth& bw) {
  auto prov =
      provenance(dev, runners.begin()->second->source(), "-cl-std=CL1.2 -DFL_EPS_FLOAT=<0|1> -DFL_EPS_N=<n> ...");
  prov["base_image"] = cfg.base_image;
  prov["base_image_sha256"] = in.sha;
  prov["base_width"] = in.full_w;
  prov["base_height"] = in.full_h;
  prov["scale"] = in.scale;
  prov["width"] = img.width;
  prov["height"] = img.height;
  prov["threshold"] = cfg.threshold;
  prov["warmup"] = cfg.warmup;
  prov["repetitions"] = reps;
  prov["order_seed"] = cfg.seed;
  prov["border"] = "replicate";
  prov["copy_bandwidth_GBps"] = bw.best_GBps();
  prov["copy_bandwidth"] = bandwidth_json(bw);
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  return prov;
}

}  // namespace

std::string run_epsilon(const ocl::Device& device, const EpsilonRunConfig& cfg) {
  const auto& dev = device.info;
  InputFacts in;
  in.scale = cfg.scale != 0 ? cfg.scale : (dev.is_cpu() ? 2 : 1);
  if (in.scale != 1 && in.scale != 2 && in.scale != 4)
    throw Error("scale " + std::to_string(in.scale) + " is not supported", "use 1, 2 or 4 (centre crop per side)");
  const int reps = choose_repetitions(dev, cfg.repetitions);
  if (cfg.warmup < 0) throw Error("warm-up count must not be negative");
  if (cfg.threshold < 0 || cfg.threshold > 255) throw Error("the threshold must lie in 0..255");
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";

  std::cerr << "[" << kExperiment << "] " << dev.name << ": loading " << cfg.base_image << "\n";
  const auto img = load_plane(cfg.base_image, in.scale, in.full_w, in.full_h, in.sha);
  const std::uint64_t pixels = static_cast<std::uint64_t>(img.width) * static_cast<std::uint64_t>(img.height);

  ocl::Runtime rt(device);
  std::cerr << "[" << kExperiment << "] measuring copy bandwidth\n";
  const auto bw = measure::measure_copy_bandwidth(rt);

  std::vector<Config> configs;
  for (const auto& v : registered_epsilon_variants()) configs.push_back({v, cfg.threshold, false, {}});
  for (const auto& step : cfg.sweep_steps)
    for (int t : cfg.sweep_thresholds)
      if (t != cfg.threshold) configs.push_back({epsilon_variant(step), t, true, {}});
  Runners runners;
  Images images;
  for (auto& c : configs) {
    auto& r = runners[c.variant.step];
    if (!r) r = std::make_unique<EpsilonRunner>(rt, c.variant);
    const bool fl = c.variant.traits().float_math;
    if (!images.count(fl)) images[fl] = r->upload(img);
  }
  auto oracle = verify_configs(configs, runners, images, img);

  auto sample = [&](Config& c, ocl::Samples& into) {
    auto& r = *runners[c.variant.step];
    const auto& im = images[c.variant.traits().float_math];
    ocl::take_sample(
        rt.queue, [&] { return std::vector<cl::Event>{r.enqueue(im, c.threshold)}; }, into);
  };
  measure::measure_configs(configs, {cfg.warmup, reps, true, cfg.seed, kExperiment, false}, sample);

  nlohmann::json rows = nlohmann::json::array(), sweep = nlohmann::json::array();
  for (const auto& c : configs) (c.sweep ? sweep : rows).push_back(epsilon_row(c, pixels, bw.best_GBps()));
  nlohmann::json result;
  add_result_head(result, "filterlab.epsilon", kExperiment);
  result["provenance"] = epsilon_provenance(dev, cfg, runners, img, in, reps, bw);
  result["rows"] = rows;
  result["sweep"] = sweep;
  result["crop"] = crop_json(img, oracle[cfg.threshold]);
  write_result(out_path, result, "rows");
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

}  // namespace filterlab
