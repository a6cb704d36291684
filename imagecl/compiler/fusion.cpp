#include "fusion.hpp"

#include <clang/AST/Expr.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "codegen.hpp"
#include "fusion_model.hpp"
#include "kernel_source.hpp"
#include "limits.hpp"
#include "reference.hpp"
#include "space.hpp"
#include "tuning.hpp"

namespace filterlab::imagecl {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

bool identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// `#pragma imagecl pipeline(` or `#pragma imcl pipeline(` at the start of `line` (spaces allowed);
// returns the offset just after the parenthesis, or npos.
std::size_t pipeline_pragma(const std::string& line) {
  std::istringstream in(line);
  std::string hash, pragma, ns;
  std::size_t at = line.find_first_not_of(" \t");
  if (at == std::string::npos || line[at] != '#') return std::string::npos;
  const auto word = [&](std::string& w) {
    at = line.find_first_not_of(" \t", at);
    if (at == std::string::npos) return false;
    const auto end = line.find_first_of(" \t(", at);
    w = line.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? line.size() : end;
    return true;
  };
  ++at;
  if (!word(pragma) || pragma != "pragma" || !word(ns) || (ns != "imagecl" && ns != "imcl")) return std::string::npos;
  std::string kw;
  if (!word(kw) || kw != "pipeline") return std::string::npos;
  at = line.find_first_not_of(" \t", at);
  return at != std::string::npos && line[at] == '(' ? at + 1 : std::string::npos;
}

struct PipelineFile {
  std::string name, producer, consumer;                          // the stage paths as the pragma wrote them
  std::vector<std::pair<std::string, std::string>> connections;  // producer Image -> consumer Image
  unsigned line = 0;
};

std::string error_at(const std::string& path, unsigned line, unsigned column, const std::string& what) {
  return path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + what + "\n";
}

// A pipeline file: comments, blank lines and exactly one pipeline pragma.
bool parse_pipeline_file(const std::string& path, const std::string& text, PipelineFile& out,
                         std::string& diagnostics) {
  std::istringstream in(text);
  std::string raw;
  unsigned n = 0;
  const std::string usage =
      "a pipeline file holds only // comments and one #pragma imagecl pipeline(<name>, <producer.icl>, "
      "<consumer.icl>[, <producer Image> -> <consumer Image> ...])";
  while (std::getline(in, raw)) {
    ++n;
    const auto comment = raw.find("//");
    const std::string line = trim(comment == std::string::npos ? raw : raw.substr(0, comment));
    if (line.empty()) continue;
    const auto open = pipeline_pragma(line);
    const auto col = static_cast<unsigned>(raw.find(line.front()) + 1);
    if (open == std::string::npos) return diagnostics += error_at(path, n, col, "unexpected text: " + usage), false;
    if (out.line)
      return diagnostics +=
             error_at(path, n, col,
                      "a second pipeline pragma (the first is on line " + std::to_string(out.line) + "): " + usage),
             false;
    const auto close = line.rfind(')');
    if (close == std::string::npos || close < open || trim(line.substr(close + 1)) != "")
      return diagnostics += error_at(path, n, col, "the pipeline pragma needs a closing parenthesis: " + usage), false;
    std::vector<std::string> args;
    std::istringstream a(line.substr(open, close - open));
    for (std::string arg; std::getline(a, arg, ',');) args.push_back(trim(arg));
    if (args.size() < 3 || !identifier(args[0]) || args[1].empty() || args[2].empty())
      return diagnostics += error_at(path, n, col, "pipeline() takes a kernel name and two sources: " + usage), false;
    out = {args[0], args[1], args[2], {}, n};
    for (std::size_t i = 3; i < args.size(); ++i) {
      const auto arrow = args[i].find("->");
      const auto from = trim(args[i].substr(0, arrow)),
                 to = arrow == std::string::npos ? "" : trim(args[i].substr(arrow + 2));
      if (arrow == std::string::npos || !identifier(from) || !identifier(to))
        return diagnostics +=
               error_at(path, n, col,
                        "'" + args[i] + "' is not a connection <producer Image> -> <consumer Image>: " + usage),
               false;
      out.connections.emplace_back(from, to);
    }
  }
  if (!out.line) return diagnostics += error_at(path, 1, 1, "no pipeline pragma: " + usage), false;
  return true;
}

bool is_variable(const clang::Expr* e, const char* name) {
  const auto* d = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  return d && d->getDecl()->getName() == name;
}

std::string located(clang::ASTContext& ctx, clang::SourceLocation l, const std::string& what) {
  const auto p = ctx.getSourceManager().getPresumedLoc(ctx.getSourceManager().getExpansionLoc(l));
  return error_at(p.isValid() ? p.getFilename() : "?", p.isValid() ? p.getLine() : 0, p.isValid() ? p.getColumn() : 0,
                  what);
}

// Analyses one stage and takes its rewritten body. The producer's writes must be at [idx][idy]:
// the fused kernel stores the value of its body at the tile cell it evaluates.
bool analyse_stage(const std::string& path, bool producer, FusionStage& s, std::string& diagnostics) {
  std::ifstream in(path);
  if (!in)
    return diagnostics +=
           path + ":1:1: error: cannot read this pipeline stage (paths are relative to the pipeline file)\n",
           false;
  std::stringstream text;
  text << in.rdbuf();
  s.path = path;
  bool usable = false;
  const AnalysedKernelUse take = [&](clang::ASTContext& ctx, const Analysis& a, bool ok) {
    if (!ok) return;
    std::string problems;
    if (producer)
      for (const auto& w : a.writes)
        if (!is_variable(w.access.x, "idx") || !is_variable(w.access.y, "idy"))
          problems += located(ctx, w.assign->getBeginLoc(),
                              "a fused producer may write its Images only at [idx][idy] ('" + w.access.image +
                                  "' is written elsewhere): the fused kernel evaluates the "
                                  "producer once per cell of the consumer's tile");
    for (const auto* t : a.tables)
      problems += located(ctx, t->getLocation(),
                          "file-scope constant tables are not supported in a fused pipeline stage: pass '" +
                              t->getNameAsString() + "' as an array argument instead");
    for (const auto* h : a.helpers)
      problems += located(ctx, h->getLocation(),
                          "helper functions are not supported in a fused pipeline stage (both stages' helpers "
                          "would share one file): write '" +
                              h->getNameAsString() + "' as a #define macro");
    if (a.model.grid_dims != 2)
      problems += located(ctx, a.kernel->getLocation(), "only 2-D kernels can be fused (this one has a 3-D grid)");
    if (!problems.empty()) {
      diagnostics += problems;
      return;
    }
    s.model = a.model;
    s.uses_pixel = a.uses_pixel, s.uses_fixed_width = a.uses_fixed_width;
    s.body = rewritten_body(ctx, a);
    if (a.model.simd_eligible)
      s.lanes_body = rewritten_lanes_body(ctx, a);
    else
      s.simd_reason = a.model.simd_reason;
    s.reference = generate_reference(ctx, a);
    usable = true;
  };
  const bool ran = analyse_kernel_source(path, text.str(), take, diagnostics);
  return ran && usable;
}

std::string size_of(const FusionStage& s, const std::string& image, char axis) {
  return s.prefixed(image) + (axis == 'w' ? "_w" : "_h");
}

// Whether the line-buffer path can be offered: both stages have a lanes body and the grid is 2-D.
bool simd_fusable(const FusedPipeline& f) {
  return !f.producer.lanes_body.empty() && !f.consumer.lanes_body.empty() && f.producer.model.grid_dims == 2;
}

// Intermediates, their tile and size, the fused parameters and the search space's parameters.
bool plan(const PipelineFile& pf, const std::string& path, FusedPipeline& f, std::string& diagnostics) {
  const auto fail = [&](const std::string& what) { return diagnostics += error_at(path, pf.line, 1, what), false; };
  const auto& pm = f.producer.model;
  const auto& cm = f.consumer.model;
  if (pm.name == cm.name) return fail("the producer and the consumer are the same kernel '" + pm.name + "'");
  if (f.name == pm.name || f.name == cm.name)
    return fail("the pipeline is named '" + f.name + "' like one of its kernels: give it a name of its own");
  // Without connections the producer's outputs feed the consumer's Images of the same name.
  auto connections = pf.connections;
  if (connections.empty())
    for (const auto& img : cm.images)
      if (const auto* out = pm.image(img.name); img.read && out && out->written)
        connections.emplace_back(img.name, img.name);
  for (const auto& [from, to] : connections) {
    const auto* out = pm.image(from);
    const auto* in = cm.image(to);
    if (!out || !out->written) return fail("the producer " + pm.name + " writes no Image '" + from + "'");
    if (!in || !in->read) return fail("the consumer " + cm.name + " reads no Image '" + to + "'");
    if (f.is_intermediate(f.consumer, to) || f.is_intermediate(f.producer, from))
      return fail("Image '" + from + "' -> '" + to + "' is connected twice");
    if (out->pixel != in->pixel)
      return fail("intermediate Image '" + from + "' is " + out->pixel + " in " + pm.name + " but '" + to + "' is " +
                  in->pixel + " in " + cm.name);
    if (!in->stencil_known)
      return fail("the consumer's reads of intermediate Image '" + to + "' have no constant stencil (" +
                  in->stencil_problem + "): the tile in local memory needs one");
    f.intermediates.push_back(to);
    f.sources.push_back(from);
  }
  if (f.intermediates.empty())
    return fail("the consumer " + cm.name + " reads none of the Images the producer " + pm.name +
                " writes: nothing to fuse (connect them: pipeline(..., <producer Image> -> <consumer Image>))");
  for (const auto& img : pm.images)
    if (img.written && !f.is_intermediate(f.producer, img.name))
      return fail("the producer writes Image '" + img.name +
                  "' but the consumer does not read it: a fused producer's outputs "
                  "must all be intermediates (or do not fuse this pipeline)");
  bool first = true;
  for (const auto& n : f.intermediates) {
    const auto& i = f.intermediate(n);
    f.min_x = first ? i.min_x : std::min(f.min_x, i.min_x), f.max_x = first ? i.max_x : std::max(f.max_x, i.max_x);
    f.min_y = first ? i.min_y : std::min(f.min_y, i.min_y), f.max_y = first ? i.max_y : std::max(f.max_y, i.max_y);
    first = false;
  }
  // The intermediates have the size of the producer's grid; when that grid is an intermediate
  // itself (grid(out) of a row pass), of the consumer's grid.
  const auto grid = [&](const FusionStage& s, std::string& w, std::string& h) {
    const auto& m = s.model;
    if (m.grid_image.empty()) return w = std::to_string(m.grid_width), h = std::to_string(m.grid_height), true;
    if (f.is_intermediate(s, m.grid_image)) return false;
    return w = size_of(s, m.grid_image, 'w'), h = size_of(s, m.grid_image, 'h'), true;
  };
  const bool consumer_grid = grid(f.consumer, f.grid_w, f.grid_h);
  if (!grid(f.producer, f.inter_w, f.inter_h)) {
    if (!consumer_grid)
      return fail(
          "both stages take their grid from an intermediate Image: give one of them grid(<an Image that stays a "
          "parameter>)");
    f.inter_w = f.grid_w, f.inter_h = f.grid_h;
  }
  if (!consumer_grid) f.grid_w = f.inter_w, f.grid_h = f.inter_h;

  auto& m = f.model;
  m.name = f.name;
  m.source_path = path;
  if (!cm.grid_image.empty() && !f.is_intermediate(f.consumer, cm.grid_image)) {
    m.grid_image = f.consumer.prefixed(cm.grid_image);
    for (const auto& g : cm.grid_images) m.grid_images.push_back(f.consumer.prefixed(g));
  } else {
    // A fixed grid, or the intermediates' (then fixed or the producer's grid Image).
    const auto& src = cm.grid_image.empty() ? cm : pm;
    if (!src.grid_image.empty())
      m.grid_image = f.producer.prefixed(src.grid_image), m.grid_images = {m.grid_image};
    else
      m.grid_width = src.grid_width, m.grid_height = src.grid_height;
  }
  for (const auto* s : {&f.producer, &f.consumer}) {
    for (auto p : s->model.params) {
      if (p.kind == Param::Image && f.is_intermediate(*s, p.name)) continue;
      if (p.kind == Param::Image) {
        auto img = *s->model.image(p.name);
        img.name = s->prefixed(p.name);
        m.images.push_back(img);
      } else if (p.kind == Param::Array) {
        auto arr = *s->model.array(p.name);
        arr.name = s->prefixed(p.name);
        m.arrays.push_back(arr);
      }
      p.name = s->prefixed(p.name);
      for (const auto& q : m.params)
        if (q.name == p.name)
          return fail("two parameters of the fused kernel would both be named '" + p.name + "': rename one");
      m.params.push_back(p);
    }
  }
  // The launch parameters as the consumer offers them; then each stage's memory and unrolling
  // choices, renamed with the stage's prefix. Local memory of a stage's own inputs is not offered:
  // the intermediates' tiles are the fused kernel's local memory.
  for (const auto& t : cm.tuning)
    if (t.define == "ICL_WG_X" || t.define == "ICL_WG_Y" || t.define == "ICL_CX" || t.define == "ICL_CY" ||
        t.define == "ICL_INTERLEAVED")
      m.tuning.push_back(t);
  for (const auto* s : {&f.producer, &f.consumer})
    for (auto t : s->model.tuning) {
      for (const std::string kind : {"IMAGE", "CONSTANT"}) {
        const std::string head = "ICL_" + kind + "_";
        if (t.define.rfind(head, 0) != 0) continue;
        const auto n = t.define.substr(head.size());
        if (f.is_intermediate(*s, n)) break;
        t.define = head + s->prefixed(n);
        t.name = (kind == "IMAGE" ? "image_" : "constant_") + s->prefixed(n);
        m.tuning.push_back(t);
      }
      if (t.define.rfind("ICL_UNROLL_", 0) == 0) {
        const auto id = t.define.substr(11);
        t.define = "ICL_UNROLL_" + s->prefixed(id);
        t.name = "unroll_" + s->prefixed(id);
        t.note = s->model.name + ": " + t.note;
        m.tuning.push_back(t);
      }
    }
  // The interior split of the tile fill: offered when the producer's stencil on each of its own Images
  // is known, so a work-group can tell that its whole tile reads inside them.
  bool known = true;
  for (const auto& img : f.producer.model.images)
    if (img.read && !f.is_intermediate(f.producer, img.name)) known = known && img.stencil_known;
  if (known && f.producer.model.grid_dims == 2)
    m.tuning.push_back(
        TuningParam{"interior",
                    "ICL_INTERIOR",
                    "Interior/border split (AMD's work-group classes)",
                    "work-groups whose tile lies inside the intermediates and whose producer stencil lies inside "
                    "its Images fill the tile row by row without boundary handling, and store without bound tests",
                    {0, 1}});
  // One contraction switch for the whole kernel, when a stage offers it.
  for (const auto* s : {&f.producer, &f.consumer})
    if (std::any_of(s->model.tuning.begin(), s->model.tuning.end(),
                    [](const TuningParam& t) { return t.define == "ICL_EXACT"; })) {
      m.tuning.push_back(exact_param());
      break;
    }
  // Last: the tiles in each work-item's registers instead of the work-group's local memory.
  if (f.producer.model.grid_dims == 2)
    m.tuning.push_back(
        TuningParam{"private_tile",
                    "ICL_PRIVATE_TILE",
                    "Register fusion (Halide's compute_at at the innermost tile)",
                    "each work-item computes the producer on its own block plus the consumer's halo into private "
                    "arrays held in registers (loops fully unrolled): no local memory, no barrier, the halo computed "
                    "again by the neighbouring work-items",
                    {0, 1}});
  // With register fusion and the interior split: the producer's input rows in a register window in
  // the interior fill (each input value loaded once a work-item); the source that has it is a second
  // one in the space JSON, so the kernel's source without it stays what it was.
  const auto offered = [&](const char* define) {
    return std::any_of(m.tuning.begin(), m.tuning.end(), [&](const TuningParam& t) { return t.define == define; });
  };
  if (offered("ICL_PRIVATE_TILE") && offered("ICL_INTERIOR"))
    m.tuning.push_back(
        TuningParam{"fill_window",
                    "ICL_FILL_WINDOW",
                    "Register window of the fill (register cache: Chen, Wahib et al., SC19; Rawat et al., PPoPP 2018)",
                    "with private_tile and interior 1: interior work-items load each input row segment their "
                    "producer fill needs once into a private window and compute the tile from it, instead of each "
                    "tile cell loading its own stencil",
                    {0, 1}});
  // Last, in a third source: the line-buffer path for CPUs, when both stages run as lanes.
  if (simd_fusable(f))
    m.tuning.push_back(
        TuningParam{"simd",
                    "ICL_SIMD",
                    "Line-buffer fusion in strips of N lanes (CPU code path; Halide's sliding window and storage "
                    "folding)",
                    "each work-item walks its block's rows: the producer's next row (coarsen_x + halo_x values, "
                    "strips of N lanes) into a ring of halo_y + 1 rows a intermediate in private memory, then the "
                    "consumer's row from the ring in strips of N lanes; each intermediate value computed once a "
                    "work-item, no local memory, no barrier; strips whose stencils leave an Image run per pixel, "
                    "checked; needs blocked mapping, coarsen_x a multiple of N, no image memory and private_tile 0",
                    {0, 4, 8, 16}});
  return true;
}

// A stage's reads by the fused kernel's names: <kernel>_<image> for a parameter, the consumer's
// name for an intermediate (read from its tile).
OperationCounts fused_names(const FusedPipeline& f, const FusionStage& s) {
  OperationCounts c = s.model.counts.per_pixel;
  c.reads_by_image.clear();
  for (const auto& [image, n] : s.model.counts.per_pixel.reads_by_image)
    c.reads_by_image[f.is_intermediate(s, image) ? image : s.prefixed(image)] = n;
  return c;
}

// Per output pixel: each stage once (the tile's halo, computed again by the neighbouring
// work-group, is the variant's cost, not the algorithm's). The compulsory bytes (space.cpp) are of
// the fused kernel's own Images only: the intermediates stay in local memory.
KernelCounts fused_counts(const FusedPipeline& f) {
  KernelCounts c;
  const auto &p = f.producer.model.counts, &q = f.consumer.model.counts;
  c.known = p.known && q.known;
  if (!c.known) {
    c.reason = !p.known ? f.producer.model.name + ": " + p.reason : f.consumer.model.name + ": " + q.reason;
    return c;
  }
  c.per_pixel = fused_names(f, f.producer) + fused_names(f, f.consumer);
  c.branches = p.branches;
  c.branches.insert(c.branches.end(), q.branches.begin(), q.branches.end());
  return c;
}

std::string space_text(const FusedPipeline& f) {
  using nlohmann::json;
  auto j = space_json(f.model);
  // Which stage parameter each fused argument is: hosts bind <kernel>_<parameter>.
  for (auto& a : j["arguments"]) {
    const auto n = a["name"].get<std::string>();
    for (const auto* s : {&f.producer, &f.consumer})
      if (n.rfind(s->model.name + "_", 0) == 0) {
        a["stage"] = s->model.name;
        a["stage_argument"] = n.substr(s->model.name.size() + 1);
        break;
      }
  }
  json local = json::array(), inter = json::array();
  const bool private_tile = std::any_of(f.model.tuning.begin(), f.model.tuning.end(),
                                        [](const TuningParam& t) { return t.define == "ICL_PRIVATE_TILE"; });
  for (const auto& n : f.intermediates) {
    const auto& i = f.intermediate(n);
    // define null: always in local memory (the fused kernel's tile); counted by every constraint.
    local.push_back({{"image", n},
                     {"define", nullptr},
                     {"private_define", private_tile ? json("ICL_PRIVATE_TILE") : json(nullptr)},
                     {"halo_x", f.max_x - f.min_x},
                     {"halo_y", f.max_y - f.min_y},
                     {"element_bytes", scalar_bytes(i.pixel)}});
    json e{{"name", n},
           {"producer_name", f.sources[static_cast<std::size_t>(&n - f.intermediates.data())]},
           {"pixel", i.pixel},
           {"boundary", boundary_name(i.boundary)},
           {"stencil", {{"x", {i.min_x, i.max_x}}, {"y", {i.min_y, i.max_y}}}}};
    if (i.boundary == BoundaryKind::Constant) e["boundary_value"] = i.boundary_value;
    inter.push_back(e);
  }
  j["local_memory"] = local;
  if (private_tile) j["private_tile"] = {{"define", "ICL_PRIVATE_TILE"}, {"max_elements", kMaxPrivateTileElements}};
  const bool fill_window = std::any_of(f.model.tuning.begin(), f.model.tuning.end(),
                                       [](const TuningParam& t) { return t.define == "ICL_FILL_WINDOW"; });
  if (fill_window) {
    json windows = json::array();
    for (const auto& img : f.producer.model.images)
      if (img.read && !f.is_intermediate(f.producer, img.name))
        windows.push_back({{"image", f.producer.prefixed(img.name)},
                           {"halo_x", f.max_x - f.min_x + img.max_x - img.min_x},
                           {"halo_y", f.max_y - f.min_y + img.max_y - img.min_y},
                           {"element_bytes", scalar_bytes(img.pixel)}});
    j["fill_window"] = {{"define", "ICL_FILL_WINDOW"},
                        {"requires", {"ICL_PRIVATE_TILE", "ICL_INTERIOR"}},
                        {"windows", windows},
                        {"opencl_file", f.name + ".window.cl"},
                        {"opencl", generate_fused_opencl(f, true)}};
  }
  if (simd_fusable(f)) {
    j["simd"] = {{"define", "ICL_SIMD"},
                 {"opencl_file", f.name + ".simd.cl"},
                 {"opencl", generate_fused_simd_opencl(f)},
                 {"line_buffer",
                  {{"rows", f.max_y - f.min_y + 1},
                   {"row", "coarsen_x + " + std::to_string(f.max_x - f.min_x)},
                   {"origin", {f.min_x, f.min_y}}}}};
    j["constraints"].push_back(
        {{"kind", "simd"},
         {"rule",
          "simd N > 0 needs interleaved 0, coarsen_x a multiple of N, no image memory, private_tile 0 and fill_window "
          "0; the intermediates then live in each work-item's line buffers (simd.line_buffer: rows x row elements "
          "per intermediate), not in local memory; these kernels are built from simd.opencl"}});
  } else {
    j["simd_reason"] = !f.producer.simd_reason.empty()   ? f.producer.model.name + ": " + f.producer.simd_reason
                       : !f.consumer.simd_reason.empty() ? f.consumer.model.name + ": " + f.consumer.simd_reason
                                                         : "only 2-D pipelines have the line-buffer path";
  }
  j["pipeline"] = {
      {"producer", {{"kernel", f.producer.model.name}, {"source", f.producer.path}}},
      {"consumer", {{"kernel", f.consumer.model.name}, {"source", f.consumer.path}}},
      {"intermediates", inter},
      {"intermediate_size", {f.inter_w, f.inter_h}},
      {"tile",
       {{"origin", {f.min_x, f.min_y}},
        {"size", "(wg_x * coarsen_x + " + std::to_string(f.max_x - f.min_x) + ") x (wg_y * coarsen_y + " +
                     std::to_string(f.max_y - f.min_y) + ")"},
        {"private_size", "(coarsen_x + " + std::to_string(f.max_x - f.min_x) + ") x (coarsen_y + " +
                             std::to_string(f.max_y - f.min_y) + ") per work-item, with private_tile 1"}}},
      {"arguments",
       "the producer's parameters then the consumer's, each named <kernel>_<parameter> (stage and stage_argument "
       "say which); the intermediates are not arguments"}};
  j["constraints"].push_back(
      {{"kind", "fusion_tile"},
       {"rule",
        "local_memory entries with define null (the intermediates' tiles) are in local memory unless their "
        "private_define is 1"}});
  if (private_tile)
    j["constraints"].push_back(
        {{"kind", "private_tile"},
         {"rule",
          "private_tile 1 needs interleaved 0; each work-item's tiles, (coarsen_x + halo_x) x (coarsen_y + "
          "halo_y) elements per intermediate, at most " +
              std::to_string(kMaxPrivateTileElements) + " elements in all"}});
  if (fill_window)
    j["constraints"].push_back(
        {{"kind", "fill_window"},
         {"rule",
          "fill_window 1 needs private_tile 1 and interior 1; its windows, (coarsen_x + halo_x) x (coarsen_y + "
          "halo_y) elements per input Image (fill_window.windows), count with the private tiles against a work-group's "
          "private memory; its kernels are built from fill_window.opencl (the kernel's source with the window), the "
          "others from the kernel's .cl file"}});
  j["analysis"]["stages"] = {{f.producer.model.name, space_json(f.producer.model)["analysis"]},
                             {f.consumer.model.name, space_json(f.consumer.model)["analysis"]}};
  j["counts"]["fusion"] =
      "per output pixel: the sum of the stages' per-pixel counts (each stage once per pixel, no halo "
      "recomputation); image_reads include the consumer's reads of the intermediates from local memory "
      "(image_reads_by_image names them as pipeline.intermediates does); compulsory_bytes only of the "
      "pipeline's external Images (the intermediates stay on chip); stages: each stage's own counts";
  j["counts"]["stages"] = {{f.producer.model.name, space_json(f.producer.model)["counts"]},
                           {f.consumer.model.name, space_json(f.consumer.model)["counts"]}};
  return j.dump(2) + "\n";
}

}  // namespace

bool FusedPipeline::is_intermediate(const FusionStage& s, const std::string& image) const {
  const auto& names = &s == &producer ? sources : intermediates;
  return std::find(names.begin(), names.end(), image) != names.end();
}

const std::string& FusedPipeline::tile_of(const std::string& image) const {
  return intermediates.at(static_cast<std::size_t>(std::find(sources.begin(), sources.end(), image) - sources.begin()));
}

bool is_pipeline(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (pipeline_pragma(line) != std::string::npos) return true;
  return false;
}

CompileResult compile_pipeline(const std::string& path, const std::string& text) {
  CompileResult out;
  PipelineFile pf;
  if (!parse_pipeline_file(path, text, pf, out.diagnostics)) return out;
  out.kernel = pf.name;
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  FusedPipeline f;
  f.name = pf.name, f.path = path;
  const bool producer = analyse_stage(dir + pf.producer, true, f.producer, out.diagnostics);
  const bool consumer = analyse_stage(dir + pf.consumer, false, f.consumer, out.diagnostics);
  if (!producer || !consumer || !plan(pf, path, f, out.diagnostics)) return out;
  f.model.counts = fused_counts(f);
  f.model.inexact_builtins = f.producer.model.inexact_builtins;
  f.model.inexact_builtins.insert(f.consumer.model.inexact_builtins.begin(), f.consumer.model.inexact_builtins.end());
  out.opencl = generate_fused_opencl(f);
  out.space = space_text(f);
  out.reference = generate_fused_reference(f);
  out.ok = true;
  return out;
}

}  // namespace filterlab::imagecl
