#include "experiments/sampler.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

#include "experiments/common.hpp"
#include "experiments/provenance.hpp"
#include "experiments/result_file.hpp"
#include "experiments/row_keys.hpp"
#include "experiments/sampler_probe.hpp"
#include "experiments/sampler_table.hpp"
#include "io/atomic_file.hpp"
#include "ocl/runtime.hpp"
#include "reference/tolerances.hpp"

namespace filterlab {
namespace {

constexpr const char* kExperiment = "sampler";
using nlohmann::json;

std::string rational_text(const ref::Rational& r) {
  return r.den == 1 ? std::to_string(r.num) : std::to_string(r.num) + "/" + std::to_string(r.den);
}

// The oracle's expectations for a list of entries (value, judged) as parallel arrays.
json expectations_json(const std::vector<ProbeEntry>& entries) {
  json f32 = json::array(), exact = json::array(), rational = json::array(), accepted = json::array(),
       edge = json::array();
  for (const auto& e : entries) {
    f32.push_back(e.expected.float32);
    exact.push_back(e.expected.exact);
    rational.push_back(e.expected.rational);
    accepted.push_back(e.expected.accepted);
    edge.push_back(e.expected.edge_sensitive);
  }
  return {{"float32", f32}, {"exact", exact}, {"rational", rational}, {"accepted", accepted}, {"edge_sensitive", edge}};
}

std::string verdicts(const std::vector<ProbeEntry>& entries) {
  std::string s;
  for (const auto& e : entries) s += static_cast<char>(e.verdict);
  return s;
}

json article_json(const ArticleRun& run) {
  const auto img = article_image();
  json cols = json::array(), oracle = json::array();
  json host_coords = json::array(), truth = json::array();
  for (int k : run.k) {
    host_coords.push_back(static_cast<float>(k) / static_cast<float>(kArticleWidth));  // correctly rounded
    truth.push_back(rational_text(ref::Rational(k, kArticleWidth)));
  }
  for (const auto& col : run.columns) {
    json c = expectations_json(col.entries);
    json coords = json::array(), values = json::array();
    for (const auto& e : col.entries) {
      coords.push_back(e.point.x);
      values.push_back(e.value);
    }
    c["mode"] = std::string(ref::address_mode_name(col.mode));
    c["coords"] = coords;
    c["values"] = values;
    c["verdicts"] = verdicts(col.entries);
    cols.push_back(c);
    // The same oracle at the correctly rounded k/10 the host computes: device-independent, it lets
    // the analysis judge the article's published tables (whose devices we cannot run).
    const ref::SamplerConfig cfg{col.mode, true, ref::FilterMode::Nearest};
    std::vector<ProbeEntry> at_host;
    for (std::size_t j = 0; j < run.k.size(); ++j) {
      ProbeEntry e;
      e.point = {static_cast<float>(run.k[j]) / static_cast<float>(kArticleWidth), 0.0f,
                 ref::Rational(run.k[j], kArticleWidth), ref::Rational(0)};
      e.expected = ref::expect(cfg, img, e.point);
      at_host.push_back(e);
    }
    json o = expectations_json(at_host);
    o["mode"] = c["mode"];
    oracle.push_back(o);
  }
  return {{"width", kArticleWidth},     {"texels", img.v}, {"k", run.k},      {"true_coords", truth},
          {"host_coords", host_coords}, {"columns", cols}, {"oracle", oracle}};
}

json grid_json(const std::vector<GridCase>& cases) {
  json out = json::array();
  for (const auto& c : cases) {
    json tx = json::array(), ty = json::array(), values = json::array();
    for (const auto& t : c.true_xs) tx.push_back(rational_text(t));
    for (const auto& t : c.true_ys) ty.push_back(rational_text(t));
    for (const auto& e : c.entries) values.push_back(e.value);
    std::string edge;
    for (const auto& e : c.entries) edge += e.expected.edge_sensitive ? '1' : '0';
    json row = {{"dims", c.image.dims},
                {"mode", std::string(ref::address_mode_name(c.config.mode))},
                {"normalized", c.config.normalized},
                {"filter", std::string(ref::filter_mode_name(c.config.filter))},
                {"width", c.image.width},
                {"height", c.image.height},
                {"true_x", tx},
                {"true_y", ty},
                {"x", c.xs},
                {"y", c.ys},
                {"values", values},
                {"verdicts", verdicts(c.entries)},
                {"edge_sensitive", edge}};
    // The process that ran the case died (an undefined read the runtime does not survive): no reads.
    if (!c.crashed.empty()) row["crashed"] = c.crashed;
    // A sampler configuration is the variant; one image shape read with it is the case.
    const std::string variant = "sampler.read_imagef/" + std::string(ref::filter_mode_name(c.config.filter)) + "/" +
                                std::string(ref::address_mode_name(c.config.mode)) +
                                (c.config.normalized ? "/normalized" : "/unnormalized");
    add_row_keys(
        row, "sampler.read_imagef", variant,
        std::to_string(c.image.dims) + "d/" + std::to_string(c.image.width) + "x" + std::to_string(c.image.height));
    out.push_back(row);
  }
  return out;
}

json mapping_json(const std::vector<BorderMatch>& matches) {
  json out = json::array();
  for (const auto& m : matches)
    out.push_back({{"mode", std::string(ref::address_mode_name(m.mode))},
                   {"normalized", m.normalized},
                   {"border", m.border},
                   {"matches", m.matches},
                   {"total", m.total}});
  return out;
}

// Indented like every result file, except that each grid case (up to 1960 reads) takes one line.
std::string result_text(const json& result) {
  std::string out = "{\n";
  bool first = true;
  for (const auto& [key, value] : result.items()) {
    out += (first ? " " : ",\n ") + json(key).dump() + ": ";
    first = false;
    if (key != "grid") {
      out += value.dump(1);
      continue;
    }
    out += "[\n";
    for (std::size_t i = 0; i < value.size(); ++i)
      out += "  " + value[i].dump() + (i + 1 < value.size() ? ",\n" : "\n");
    out += " ]";
  }
  return out + "\n}\n";
}

}  // namespace

std::string run_sampler(const ocl::Device& device, const SamplerRunConfig& cfg) {
  const auto& dev = device.info;
  io::ensure_directory(cfg.results_dir + "/" + kExperiment);
  const std::string out_path = cfg.results_dir + "/" + kExperiment + "/" + dev.slug + ".json";
  ocl::Runtime rt(device);
  require_sampler_support(rt);

  std::cerr << "[" << kExperiment << "] " << dev.name << ": the article's table\n";
  const ArticleRun article = run_article_probe(rt);
  std::cout << dev.name << " (" << dev.platform << ")\n" << article_table_text(article);
  std::cerr << "[" << kExperiment << "] " << dev.name << ": the grid of every sampler configuration\n";
  auto cases = grid_cases();
  // Every CLK_ADDRESS_NONE case in a process of its own (this executable's `sampler-case`).
  run_grid_probe(rt, cases, "/proc/self/exe");
  std::size_t total = 0, wrong = 0;
  for (const auto& c : cases)
    for (const auto& e : c.entries) {
      ++total;
      if (e.verdict == ref::Verdict::Wrong) ++wrong;
    }
  std::cout << "grid: " << total << " reads in " << cases.size() << " configurations, " << wrong << " wrong\n";
  for (const auto& c : cases)
    if (!c.crashed.empty())
      std::cout << "  " << ref::address_mode_name(c.config.mode) << " " << ref::filter_mode_name(c.config.filter) << " "
                << c.image.dims << "-D " << (c.config.normalized ? "normalized" : "unnormalized")
                << ": the process reading it " << c.crashed << "; no reads recorded\n";

  json result;
  add_result_head(result, "filterlab.sampler", kExperiment);
  auto prov = provenance(dev, sampler_program_source(), kSamplerBuildOptions);
  prov["image_format"] = "CL_R / CL_FLOAT";
  prov["border_colour_x"] = ref::kBorderColourR;
  prov["nearest_offset_texels"] = tol::kSamplerNearestOffsetTexels;
  prov["linear_relative_tolerance"] = tol::kSamplerLinearRelative;
  prov["peak_host_rss_mib"] = peak_host_rss_mib();
  result["provenance"] = prov;
  result["article"] = article_json(article);
  result["grid"] = grid_json(cases);
  result["border_mapping"] = mapping_json(border_mapping(cases));
  write_result(out_path, result, "grid", result_text(result));
  std::cerr << "[" << kExperiment << "] wrote " << out_path << "\n";
  return out_path;
}

}  // namespace filterlab
