#include "imagecl/space.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "error.hpp"
#include "imagecl/embedded.hpp"

namespace filterlab::imagecl {
namespace {

// The "counts" object filterlab-imagecl writes (absent in spaces written before it: not known).
OpCounts parse_counts(const nlohmann::json& j) {
  OpCounts c;
  if (!j.contains("counts")) {
    c.reason = "the search space has no operation counts";
    return c;
  }
  const auto& k = j["counts"];
  c.known = k.at("known").get<bool>();
  if (!c.known) {
    c.reason = k.value("reason", "");
    return c;
  }
  const auto number = [&](const char* key) { return k.at(key).get<double>(); };
  c.fp32_add = number("fp32_add"), c.fp32_mul = number("fp32_mul"), c.fp32_fma = number("fp32_fma");
  c.fp32_other = number("fp32_other"), c.int_to_float = number("int_to_float"), c.float_to_int = number("float_to_int");
  c.image_reads = number("image_reads"), c.compulsory_bytes = number("compulsory_bytes");
  c.compulsory_int_to_float = number("compulsory_int_to_float");
  c.compulsory_float_to_int = number("compulsory_float_to_int");
  return c;
}

KernelSpace parse_json(const std::string& text, const std::string& opencl) {
  const auto j = nlohmann::json::parse(text);
  KernelSpace s;
  s.kernel = j.at("kernel").get<std::string>();
  s.opencl = opencl;
  const auto& grid = j.at("grid");
  if (grid.contains("image"))
    s.grid_image = grid["image"].get<std::string>();
  else
    s.grid_width = grid.at("width").get<long>(), s.grid_height = grid.at("height").get<long>(),
    s.grid_depth = grid.value("depth", 1L);
  s.grid_dims = grid.value("dims", 2);
  for (const auto& a : j.at("arguments")) {
    SpaceArg arg;
    arg.name = a.at("name").get<std::string>();
    arg.kind = a.at("kind").get<std::string>();
    arg.type = a.at("type").get<std::string>();
    arg.access = a.value("access", "");
    arg.boundary = a.value("boundary", "");
    if (a.contains("image_memory_define") && !a["image_memory_define"].is_null())
      arg.image_define = a["image_memory_define"];
    if (a.contains("constant_memory_define") && !a["constant_memory_define"].is_null())
      arg.constant_define = a["constant_memory_define"];
    if (a.contains("bound") && !a["bound"].is_null()) arg.bound = a["bound"].get<long>();
    if (a.contains("weights")) arg.weights = a["weights"].get<std::vector<double>>();
    arg.dims = a.value("dims", 2);
    arg.stage = a.value("stage", "");  // fused kernels: the pipeline stage and its own parameter name
    arg.stage_argument = a.value("stage_argument", "");
    s.args.push_back(arg);
  }
  for (const auto& p : j.at("parameters"))
    s.params.push_back(
        {p.at("name").get<std::string>(), p.at("define").get<std::string>(), p.at("values").get<std::vector<long>>()});
  for (const auto& l : j.at("local_memory"))
    s.local.push_back(
        {l.at("image").get<std::string>(), l.at("define").is_null() ? "" : l.at("define").get<std::string>(),
         l.at("halo_x").get<int>(), l.at("halo_y").get<int>(), l.at("element_bytes").get<int>(),
         l.contains("convert_define") && !l["convert_define"].is_null() ? l["convert_define"].get<std::string>() : "",
         l.contains("private_define") && !l["private_define"].is_null() ? l["private_define"].get<std::string>() : ""});
  if (j.contains("private_tile"))
    s.private_tile = {j["private_tile"].at("define").get<std::string>(),
                      j["private_tile"].at("max_elements").get<long>()};
  for (const auto& c : j.at("constant_memory"))
    s.constant.push_back(
        {c.at("array").get<std::string>(), c.at("define").get<std::string>(), c.at("bytes").get<long>()});
  if (j.contains("window"))
    for (const auto& w : j["window"]) {
      const auto opt = [&](const char* k) {
        return w.contains(k) && !w[k].is_null() ? w[k].get<std::string>() : std::string();
      };
      s.window.push_back({w.at("image").get<std::string>(), w.at("define").get<std::string>(),
                          w.at("vector_define").get<std::string>(), opt("local_define"), opt("image_define"),
                          w.at("min_x").get<int>(), w.at("halo_x").get<int>(), w.at("halo_y").get<int>(),
                          opt("slide_define")});
    }
  if (j.contains("vector_store"))
    for (const auto& v : j["vector_store"])
      s.vector_store.push_back({v.at("image").get<std::string>(), v.at("define").get<std::string>(),
                                v.at("image_define").is_null() ? "" : v.at("image_define").get<std::string>()});
  s.configurations = j.at("configurations").get<double>();
  s.counts = parse_counts(j);
  if (j.contains("inexact_builtins")) s.inexact_builtins = j["inexact_builtins"].get<std::map<std::string, double>>();
  return s;
}

KernelSpace parse(const EmbeddedKernel& k) {
  auto s = parse_json(k.space, k.opencl);
  s.sha256 = k.sha256;
  return s;
}

const std::map<std::string, KernelSpace>& spaces() {
  static const auto table = [] {
    std::map<std::string, KernelSpace> t;
    for (std::size_t i = 0; i < kEmbeddedKernelCount; ++i)
      t.emplace(kEmbeddedKernels[i].name, parse(kEmbeddedKernels[i]));
    return t;
  }();
  return table;
}

std::size_t param_index(const KernelSpace& s, const std::string& name) {
  for (std::size_t i = 0; i < s.params.size(); ++i)
    if (s.params[i].name == name || s.params[i].define == name) return i;
  return s.params.size();
}

// The short ID piece of one parameter value; the work-group and coarsening pairs are merged.
std::string piece(const SpaceParam& p, long v) {
  if (p.name == "interleaved") return "il" + std::to_string(v);
  if (p.name.rfind("unroll_", 0) == 0) return p.name + "x" + std::to_string(v);
  return p.name + std::to_string(v);
}

// The transformations added after the paper's (interior, window_, vector_, literal_, slide_, convert_,
// exact, private_tile) leave their piece out of an ID at their first value ("off"): IDs from before them stay valid
// and unchanged.
bool optional_piece(const SpaceParam& p) {
  return p.name == "interior" || p.name == "exact" || p.name == "private_tile" || p.name.rfind("slide_", 0) == 0 ||
         p.name.rfind("convert_", 0) == 0 || p.name.rfind("window_", 0) == 0 || p.name.rfind("vector_", 0) == 0 ||
         p.name.rfind("literal_", 0) == 0;
}

}  // namespace

KernelSpace parse_space(const std::string& json, const std::string& opencl) {
  try {
    return parse_json(json, opencl);
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("not an ImageCL search space: ") + e.what(), "pass the JSON that filterlab-imagecl wrote");
  }
}

const SpaceArg& KernelSpace::arg(const std::string& name) const {
  for (const auto& a : args)
    if (a.name == name) return a;
  throw Error("kernel " + kernel + " has no argument '" + name + "'");
}

const KernelSpace& kernel_space(const std::string& name) {
  const auto& t = spaces();
  if (auto it = t.find(name); it != t.end()) return it->second;
  std::string names;
  for (const auto& [n, s] : t) names += " " + n;
  throw Error("no ImageCL kernel named '" + name + "'", "the embedded kernels are:" + names);
}

std::string embedded_space_json(const std::string& name) {
  for (std::size_t i = 0; i < kEmbeddedKernelCount; ++i)
    if (name == kEmbeddedKernels[i].name) return kEmbeddedKernels[i].space;
  kernel_space(name);  // throws, listing the names
  return "";
}

std::vector<std::string> kernel_names() {
  std::vector<std::string> n;
  for (const auto& [name, s] : spaces()) n.push_back(name);
  return n;
}

long value_of(const KernelSpace& s, const Config& c, const std::string& param) {
  const auto i = param_index(s, param);
  if (i == s.params.size()) throw Error("kernel " + s.kernel + " has no tuning parameter '" + param + "'");
  return c.at(i);
}

bool switched_on(const KernelSpace& s, const Config& c, const std::string& define) {
  const auto i = param_index(s, define);
  return i < s.params.size() && c.at(i) != 0;
}

std::string config_id(const KernelSpace& s, const Config& c) {
  const bool vol = s.grid_dims == 3;
  std::string id = "imagecl." + s.kernel + "/wg" + std::to_string(value_of(s, c, "wg_x")) + "x" +
                   std::to_string(value_of(s, c, "wg_y")) + (vol ? "x" + std::to_string(value_of(s, c, "wg_z")) : "") +
                   "/c" + std::to_string(value_of(s, c, "coarsen_x")) + "x" +
                   std::to_string(value_of(s, c, "coarsen_y")) +
                   (vol ? "x" + std::to_string(value_of(s, c, "coarsen_z")) : "");
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    const auto& n = s.params[i].name;
    if (n == "wg_x" || n == "wg_y" || n == "coarsen_x" || n == "coarsen_y" || n == "wg_z" || n == "coarsen_z") continue;
    if (optional_piece(s.params[i]) && c[i] == s.params[i].values.front()) continue;
    id += "/" + piece(s.params[i], c[i]);
  }
  return id;
}

Config parse_config_id(const KernelSpace& s, const std::string& id) {
  // Piece by piece (the spaces are too large to search): every parameter's value is the one whose
  // piece matches; the merged work-group and coarsening pieces are matched as wholes.
  Config first;
  for (const auto& p : s.params) first.push_back(p.values.front());
  const auto fail = [&] {
    return Error("'" + id + "' is not a configuration of ImageCL kernel " + s.kernel,
                 "IDs look like " + config_id(s, first) + " with values from the kernel's search space");
  };
  std::vector<std::string> parts;
  for (std::size_t at = 0;;) {
    const auto slash = id.find('/', at);
    parts.push_back(id.substr(at, slash == std::string::npos ? std::string::npos : slash - at));
    if (slash == std::string::npos) break;
    at = slash + 1;
  }
  const bool vol = s.grid_dims == 3;
  const std::vector<std::string> merged_wg =
      vol ? std::vector<std::string>{"wg_x", "wg_y", "wg_z"} : std::vector<std::string>{"wg_x", "wg_y"};
  const std::vector<std::string> merged_c = vol ? std::vector<std::string>{"coarsen_x", "coarsen_y", "coarsen_z"}
                                                : std::vector<std::string>{"coarsen_x", "coarsen_y"};
  std::vector<std::size_t> rest;
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    const auto& n = s.params[i].name;
    if (std::find(merged_wg.begin(), merged_wg.end(), n) == merged_wg.end() &&
        std::find(merged_c.begin(), merged_c.end(), n) == merged_c.end())
      rest.push_back(i);
  }
  if (parts.size() < 3 || parts.size() > 3 + rest.size() || parts[0] != "imagecl." + s.kernel) throw fail();
  Config c = first;
  // "wg16x4" -> {16, 4} for the names in `names`.
  const auto merged = [&](const std::string& part, const std::string& prefix, const std::vector<std::string>& names) {
    if (part.rfind(prefix, 0) != 0) throw fail();
    std::string text = part.substr(prefix.size());
    for (std::size_t k = 0; k < names.size(); ++k) {
      const auto x = text.find('x');
      const std::string number = k + 1 < names.size() ? text.substr(0, x) : text;
      // At most 9 digits: a longer number is no value of the space (and would overflow std::stol).
      if (number.empty() || number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos ||
          (k + 1 < names.size() && x == std::string::npos))
        throw fail();
      c[param_index(s, names[k])] = std::stol(number);
      if (k + 1 < names.size()) text = text.substr(x + 1);
    }
  };
  merged(parts[1], "wg", merged_wg);
  merged(parts[2], "c", merged_c);
  std::size_t at = 3;
  for (const auto i : rest) {
    const auto& p = s.params[i];
    bool found = false;
    for (long v : p.values)
      if (at < parts.size() && piece(p, v) == parts[at]) c[i] = v, found = true;
    if (found)
      ++at;
    else if (!optional_piece(p))
      throw fail();  // an optional piece left out is off: c[i] keeps the first value
  }
  if (at != parts.size()) throw fail();
  for (std::size_t i = 0; i < s.params.size(); ++i)
    if (std::find(s.params[i].values.begin(), s.params[i].values.end(), c[i]) == s.params[i].values.end()) throw fail();
  // Canonical (no leading zeros ...), but optional pieces may be spelled out at their first value.
  std::string canonical = parts[0];
  for (std::size_t k = 1; k < parts.size(); ++k) {
    bool off = false;
    for (const auto i : rest)
      off =
          off || (k >= 3 && optional_piece(s.params[i]) && parts[k] == piece(s.params[i], s.params[i].values.front()));
    if (!off) canonical += "/" + parts[k];
  }
  if (canonical != config_id(s, c)) throw fail();
  return c;
}

std::string build_options(const KernelSpace& s, const Config& c) {
  std::string o;
  for (std::size_t i = 0; i < s.params.size(); ++i)
    o += (i ? " -D" : "-D") + s.params[i].define + "=" + std::to_string(c[i]);
  return o;
}

std::uint64_t local_bytes(const KernelSpace& s, const Config& c) {
  std::uint64_t total = 0;
  const auto tw = value_of(s, c, "wg_x") * value_of(s, c, "coarsen_x");
  const auto th = value_of(s, c, "wg_y") * value_of(s, c, "coarsen_y");
  for (const auto& l : s.local)
    if ((l.define.empty() || switched_on(s, c, l.define)) &&  // no define: always on (a fused kernel's tile)
        !(!l.private_define.empty() && switched_on(s, c, l.private_define)))  // unless in registers
      total += static_cast<std::uint64_t>(
          (tw + l.halo_x) * (th + l.halo_y) *
          (!l.convert_define.empty() && switched_on(s, c, l.convert_define) ? 4 : l.element_bytes));
  return total;
}

std::uint64_t constant_bytes(const KernelSpace& s, const Config& c) {
  std::uint64_t total = 0;
  for (const auto& k : s.constant)
    if (switched_on(s, c, k.define)) total += static_cast<std::uint64_t>(k.bytes);
  return total;
}

long window_elements(const KernelSpace& s, const Config& c, const WindowUse& w) {
  const long n = value_of(s, c, w.vector_define), cx = value_of(s, c, "coarsen_x"), cy = value_of(s, c, "coarsen_y");
  const long offset = ((w.min_x % n) + n) % n;
  const long row = (offset + cx + w.halo_x + n - 1) / n * n;
  const bool slide = !w.slide_define.empty() && switched_on(s, c, w.slide_define);
  return (slide ? 1 + w.halo_y : cy + w.halo_y) * row;
}

namespace {
// The constraints of the interior split, register windows and vector loads (the generated
// OpenCL stops with #error on the same combinations).
std::string transformation_violation(const KernelSpace& s, const Config& c) {
  bool any_local = false;
  // A local entry without a define is always on (a fused kernel's intermediate tiles).
  for (const auto& l : s.local) {
    any_local = any_local || l.define.empty() || switched_on(s, c, l.define);
    if (!l.convert_define.empty() && switched_on(s, c, l.convert_define) && !switched_on(s, c, l.define))
      return "convert_" + l.image + " 1 needs local_" + l.image + " 1";
  }
  const bool interleaved = value_of(s, c, "interleaved") != 0;
  if (switched_on(s, c, "ICL_INTERIOR") && interleaved && !any_local)
    return "interior 1 needs interleaved 0 (or local memory): with global interleaving a work-group owns no block of "
           "the grid";
  long group_window_bytes = 0;
  const long wg = value_of(s, c, "wg_x") * value_of(s, c, "wg_y") * (s.grid_dims == 3 ? value_of(s, c, "wg_z") : 1);
  if (!s.private_tile.define.empty() && switched_on(s, c, s.private_tile.define)) {
    if (interleaved) return "private_tile 1 needs interleaved 0 (blocked mapping)";
    long elements = 0;
    for (const auto& l : s.local)
      if (l.private_define == s.private_tile.define)
        elements += (value_of(s, c, "coarsen_x") + l.halo_x) * (value_of(s, c, "coarsen_y") + l.halo_y);
    if (elements > s.private_tile.max_elements)
      return "the private tiles hold " + std::to_string(elements) + " elements a work-item > " +
             std::to_string(s.private_tile.max_elements) + " (private memory would spill)";
    group_window_bytes += 4 * elements * wg;
  }
  for (const auto& w : s.window)
    if (switched_on(s, c, w.define)) group_window_bytes += 4 * window_elements(s, c, w) * wg;
  for (const auto& v : s.vector_store)
    if (value_of(s, c, v.define) > 1) group_window_bytes += 4 * value_of(s, c, "coarsen_x") * wg;
  if (group_window_bytes > kMaxGroupWindowBytes)
    return "the work-group's register windows take " + std::to_string(group_window_bytes) + " bytes > " +
           std::to_string(kMaxGroupWindowBytes) + " (PoCL keeps a work-group's private memory on one thread's stack)";
  for (const auto& w : s.window) {
    const bool on = switched_on(s, c, w.define);
    const long n = value_of(s, c, w.vector_define);
    if (n > 1 && !on) return "vector_" + w.image + " " + std::to_string(n) + " needs window_" + w.image + " 1";
    if (!on && !w.slide_define.empty() && switched_on(s, c, w.slide_define))
      return "slide_" + w.image + " 1 needs window_" + w.image + " 1";
    if (!on) continue;
    if (interleaved) return "window_" + w.image + " 1 needs interleaved 0 (blocked mapping)";
    if (!w.local_define.empty() && switched_on(s, c, w.local_define))
      return "window_" + w.image + " 1 and local_" + w.image + " 1 exclude each other";
    if (!w.image_define.empty() && switched_on(s, c, w.image_define))
      return "window_" + w.image + " 1 and image_" + w.image + " 1 exclude each other";
    if (value_of(s, c, "coarsen_x") % n != 0)
      return "vector_" + w.image + " " + std::to_string(n) + " needs coarsen_x a multiple of " + std::to_string(n);
    if (window_elements(s, c, w) > kMaxWindowElements)
      return "the window of " + w.image + " holds " + std::to_string(window_elements(s, c, w)) + " elements > " +
             std::to_string(kMaxWindowElements) + " (private memory would spill)";
  }
  for (const auto& v : s.vector_store) {
    const long n = value_of(s, c, v.define);
    if (n == 1) continue;
    if (interleaved) return "vector_" + v.image + " " + std::to_string(n) + " needs interleaved 0 (blocked mapping)";
    if (!v.image_define.empty() && switched_on(s, c, v.image_define))
      return "vector_" + v.image + " " + std::to_string(n) + " and image_" + v.image + " 1 exclude each other";
    if (value_of(s, c, "coarsen_x") % n != 0)
      return "vector_" + v.image + " " + std::to_string(n) + " needs coarsen_x a multiple of " + std::to_string(n);
  }
  return "";
}
}  // namespace

std::string violation(const KernelSpace& s, const Config& c, const ocl::DeviceInfo& dev) {
  if (auto v = transformation_violation(s, c); !v.empty()) return v;
  const auto wg = static_cast<std::size_t>(value_of(s, c, "wg_x") * value_of(s, c, "wg_y") *
                                           (s.grid_dims == 3 ? value_of(s, c, "wg_z") : 1));
  if (wg > dev.max_work_group_size)
    return "work-group of " + std::to_string(wg) + " work-items > the device's " +
           std::to_string(dev.max_work_group_size);
  if (local_bytes(s, c) > dev.local_mem_bytes)
    return std::to_string(local_bytes(s, c)) + " bytes of local memory > the device's " +
           std::to_string(dev.local_mem_bytes);
  if (constant_bytes(s, c) > dev.constant_mem_bytes)
    return std::to_string(constant_bytes(s, c)) + " bytes of constant memory > the device's " +
           std::to_string(dev.constant_mem_bytes);
  bool images = false;
  for (const auto& a : s.args)
    if (!a.image_define.empty() && switched_on(s, c, a.image_define)) images = true;
  if (images && !dev.image_support) return "image memory on a device without image support";
  return "";
}

std::vector<Config> all_configs(const KernelSpace& s) {
  std::vector<Config> out;
  Config c(s.params.size());
  std::vector<std::size_t> at(s.params.size(), 0);
  for (;;) {
    for (std::size_t i = 0; i < s.params.size(); ++i) c[i] = s.params[i].values[at[i]];
    out.push_back(c);
    std::size_t i = 0;
    for (; i < at.size(); ++i) {
      if (++at[i] < s.params[i].values.size()) break;
      at[i] = 0;
    }
    if (i == at.size()) return out;
  }
}

std::vector<Config> sample_configs(const KernelSpace& s, std::size_t n, unsigned seed, const ocl::DeviceInfo& dev) {
  if (n == 0 || static_cast<double>(n) >= s.configurations) {
    std::vector<Config> valid;
    for (auto& c : all_configs(s))
      if (violation(s, c, dev).empty()) valid.push_back(std::move(c));
    return valid;
  }
  std::mt19937 rng(seed);
  std::vector<std::set<long>> uncovered;
  for (const auto& p : s.params) uncovered.emplace_back(p.values.begin(), p.values.end());
  std::set<Config> seen;
  std::vector<Config> out;
  const auto pick = [&](const auto& values) {
    auto it = values.begin();
    std::advance(it, std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng));
    return *it;
  };
  // Each sample is the best of up to kCandidates valid points: a point scores, for every
  // parameter whose value is not yet covered, that parameter's count of uncovered values (the
  // parameters with most values left come first). A drawn point that a constraint forbids is
  // repaired one parameter at a time (vector N needs window 1, a wide work-group a short one).
  constexpr int kAttempts = 2000, kCandidates = 64;
  while (out.size() < n) {
    Config found;
    long best = -1, best_possible = 0;
    for (const auto& u : uncovered) best_possible += static_cast<long>(u.size());
    int candidates = 0;
    for (int attempt = 0; attempt < kAttempts && candidates < kCandidates && best < best_possible; ++attempt) {
      Config c;
      std::vector<std::size_t> order;
      for (std::size_t i = 0; i < s.params.size(); ++i) {
        const bool fresh = !uncovered[i].empty() && std::uniform_real_distribution<double>(0, 1)(rng) < 0.75;
        c.push_back(fresh ? pick(uncovered[i]) : pick(s.params[i].values));
        order.push_back(i);
      }
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t k = 0; k < order.size() && !violation(s, c, dev).empty(); ++k) {
        const std::size_t i = order[k];
        const long was = c[i];
        std::vector<long> values = s.params[i].values;
        std::shuffle(values.begin(), values.end(), rng);
        bool fixed = false;
        for (long v : values) {
          c[i] = v;
          if ((fixed = violation(s, c, dev).empty())) break;
        }
        if (!fixed) c[i] = was;
      }
      if (!violation(s, c, dev).empty() || seen.count(c)) continue;
      ++candidates;
      long score = 0;
      for (std::size_t i = 0; i < c.size(); ++i)
        if (uncovered[i].count(c[i])) score += static_cast<long>(uncovered[i].size());
      if (score > best) best = score, found = c;
    }
    if (found.empty()) break;
    for (std::size_t i = 0; i < found.size(); ++i) uncovered[i].erase(found[i]);
    seen.insert(found);
    out.push_back(found);
  }
  return out;
}

}  // namespace filterlab::imagecl
