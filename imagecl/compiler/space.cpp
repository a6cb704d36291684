#include "space.hpp"

#include <algorithm>
#include <cstdint>

namespace filterlab::imagecl {
namespace {

bool tunable(const KernelModel& m, const std::string& define) {
  for (const auto& p : m.tuning)
    if (p.define == define) return true;
  return false;
}

const char* const kCountsRule =
    "per logical thread (one pixel of the grid), from the kernel body after macro expansion; the generated code "
    "(boundary handling, tiles, windows) is not counted. Loops: constant trip counts multiplied out; a loop without "
    "one (or with break/continue), while, do, switch or goto makes the counts unknown. Branches (if, ?:, &&, ||): "
    "the arm that runs for a pixel far inside a large image when the condition is a constant, compares idx/idy "
    "with constants (decision interior) or holds for every value of the loop variables, else the elementwise "
    "maximum of the arms (decision undecided); each is listed under branches. fp32_add: float + and - (also +=, "
    "-=, ++, --); fp32_mul: *; fp32_fma: fma and mad calls; fp32_other: / and float builtins, one each; "
    "int_to_float, float_to_int: conversions (implicit, casts, convert_*); constant subexpressions (folded), unary "
    "minus and comparisons are not counted. image_reads: pixel reads of every Image; array_reads: elements of array "
    "parameters and tables; compulsory_bytes: one pixel of each read Image plus one of each written Image (Images "
    "of the grid's size); compulsory_int_to_float, compulsory_float_to_int: one conversion per pixel of each integer "
    "Image read or written (no more than counted): the conversions left when each loaded pixel is converted once";

// One pixel of every Image the kernel reads and of every Image it writes.
double compulsory_bytes(const KernelModel& m) {
  double bytes = 0;
  for (const auto& img : m.images)
    if (img.read || img.written) bytes += static_cast<double>(scalar_bytes(img.pixel));
  return bytes;
}

// Conversions no implementation avoids: each integer Image read is converted to float once per pixel
// (where the body converts integers at all), each integer Image written is converted from float once;
// the counted conversions bound both (a kernel may keep integers integer).
double compulsory_conversions(const KernelModel& m, bool written, double counted) {
  double n = 0;
  for (const auto& img : m.images)
    if ((written ? img.written : img.read) && img.pixel != "float") n += 1;
  return std::min(n, counted);
}

nlohmann::json branches_json(const std::vector<BranchCount>& branches) {
  auto out = nlohmann::json::array();
  for (const auto& b : branches)
    out.push_back({{"where", b.where}, {"kind", b.kind}, {"decision", b.decision}, {"counted", b.counted}});
  return out;
}

nlohmann::json counts_json(const KernelModel& m) {
  const auto& c = m.counts;
  nlohmann::json j{{"known", c.known}, {"rule", kCountsRule}};
  if (!c.known) {
    j["reason"] = c.reason;
    return j;
  }
  const auto& p = c.per_pixel;
  j.update({{"fp32_add", p.fp32_add},
            {"fp32_mul", p.fp32_mul},
            {"fp32_fma", p.fp32_fma},
            {"fp32_other", p.fp32_other},
            {"int_to_float", p.int_to_float},
            {"float_to_int", p.float_to_int},
            {"image_reads", p.image_reads},
            {"image_reads_by_image", p.reads_by_image},
            {"image_writes", p.image_writes},
            {"array_reads", p.array_reads},
            {"compulsory_bytes", compulsory_bytes(m)},
            {"compulsory_int_to_float", compulsory_conversions(m, false, p.int_to_float)},
            {"compulsory_float_to_int", compulsory_conversions(m, true, p.float_to_int)},
            {"branches", branches_json(c.branches)}});
  return j;
}

}  // namespace

nlohmann::json space_json(const KernelModel& m) {
  using nlohmann::json;
  json j;
  j["format"] = "filterlab-imagecl-space/1";
  j["kernel"] = m.name;
  j["source"] = m.source_path;
  j["opencl_file"] = m.name + ".cl";
  if (!m.grid_image.empty())
    j["grid"] = {{"image", m.grid_image}, {"images", m.grid_images}, {"dims", m.grid_dims}};
  else
    j["grid"] = {{"width", m.grid_width},
                 {"height", m.grid_height},
                 {"depth", m.grid_dims == 3 ? m.grid_depth : 1},
                 {"dims", m.grid_dims}};

  json args = json::array();
  for (const auto& p : m.params) {
    json a{{"name", p.name}, {"type", p.type}};
    if (p.kind == Param::Image) {
      const auto* img = m.image(p.name);
      a["kind"] = "image";
      a["access"] = img->read ? "read" : img->written ? "write" : "none";
      a["boundary"] = boundary_name(img->boundary);
      if (img->boundary == BoundaryKind::Constant) a["boundary_value"] = img->boundary_value;
      a["dims"] = img->dims;
      a["size_arguments"] = img->dims == 3
                                ? nlohmann::json{p.name + "_w", p.name + "_h", p.name + "_d"}
                                : nlohmann::json{p.name + "_w", p.name + "_h"};  // ints right after the image
      a["image_memory_define"] = tunable(m, "ICL_IMAGE_" + p.name) ? json("ICL_IMAGE_" + p.name) : json(nullptr);
    } else if (p.kind == Param::Array) {
      const auto* arr = m.array(p.name);
      a["kind"] = "array";
      a["access"] = arr->written ? (arr->read ? "read_write" : "write") : "read";
      a["bound"] = arr->bound > 0 ? json(arr->bound) : json(nullptr);
      a["constant_memory_define"] =
          tunable(m, "ICL_CONSTANT_" + p.name) ? json("ICL_CONSTANT_" + p.name) : json(nullptr);
      if (!arr->literal.empty()) {  // the host refuses other values
        json values = json::array();
        for (const auto& v : arr->literal) values.push_back(std::stod(v));
        a["weights"] = values;
        a["literal_define"] = tunable(m, "ICL_LITERAL_" + p.name) ? json("ICL_LITERAL_" + p.name) : json(nullptr);
        if (tunable(m, "ICL_INTEGER_" + p.name)) {  // only kernels with the switch carry the keys
          a["integer_define"] = "ICL_INTEGER_" + p.name;
          a["integer_shift"] = arr->integer_shift;
        } else if (!arr->integer_reason.empty()) {
          a["integer_sums"] = arr->integer_reason;
        }
      }
    } else {
      a["kind"] = "scalar";
    }
    args.push_back(a);
  }
  j["arguments"] = args;
  // Only kernels that call them carry the key: the other kernels' spaces stay as they were.
  if (!m.inexact_builtins.empty()) j["inexact_builtins"] = m.inexact_builtins;

  json params = json::array();
  std::uint64_t configurations = 1;
  for (const auto& p : m.tuning) {
    params.push_back(
        {{"name", p.name}, {"define", p.define}, {"values", p.values}, {"table1", p.table1}, {"note", p.note}});
    configurations *= p.values.size();
  }
  j["parameters"] = params;
  j["configurations"] = configurations;

  json local = json::array();
  for (const auto& img : m.images)
    if (tunable(m, "ICL_LOCAL_" + img.name))
      local.push_back({{"image", img.name},
                       {"define", "ICL_LOCAL_" + img.name},
                       {"halo_x", img.max_x - img.min_x},
                       {"halo_y", img.max_y - img.min_y},
                       {"element_bytes", scalar_bytes(img.pixel)},
                       {"convert_define",
                        tunable(m, "ICL_CONVERT_" + img.name) ? json("ICL_CONVERT_" + img.name) : json(nullptr)}});
  j["local_memory"] = local;
  json constant = json::array();
  for (const auto& arr : m.arrays)
    if (tunable(m, "ICL_CONSTANT_" + arr.name))
      constant.push_back({{"array", arr.name},
                          {"define", "ICL_CONSTANT_" + arr.name},
                          {"bytes", arr.bound * scalar_bytes(arr.element)}});
  j["constant_memory"] = constant;
  json window = json::array();
  for (const auto& img : m.images)
    if (tunable(m, "ICL_WINDOW_" + img.name))
      window.push_back(
          {{"image", img.name},
           {"define", "ICL_WINDOW_" + img.name},
           {"vector_define", "ICL_VECTOR_" + img.name},
           {"min_x", img.min_x},
           {"halo_x", img.max_x - img.min_x},
           {"halo_y", img.max_y - img.min_y},
           {"local_define", tunable(m, "ICL_LOCAL_" + img.name) ? json("ICL_LOCAL_" + img.name) : json(nullptr)},
           {"image_define", tunable(m, "ICL_IMAGE_" + img.name) ? json("ICL_IMAGE_" + img.name) : json(nullptr)},
           {"holds_float", img.float_window},
           {"slide_define", tunable(m, "ICL_SLIDE_" + img.name) ? json("ICL_SLIDE_" + img.name) : json(nullptr)}});
  j["window"] = window;
  json vector_store = json::array();
  for (const auto& img : m.images)
    if (img.written && tunable(m, "ICL_VECTOR_" + img.name))
      vector_store.push_back(
          {{"image", img.name},
           {"define", "ICL_VECTOR_" + img.name},
           {"image_define", tunable(m, "ICL_IMAGE_" + img.name) ? json("ICL_IMAGE_" + img.name) : json(nullptr)}});
  j["vector_store"] = vector_store;

  j["constraints"] = json::array({
      {{"kind", "work_group_size"},
       {"rule", "wg_x * wg_y (* wg_z) <= min(device.max_work_group_size, kernel CL_KERNEL_WORK_GROUP_SIZE)"}},
      {{"kind", "local_memory"},
       {"rule",
        "sum over local_memory entries switched on of (wg_x * coarsen_x + halo_x) * (wg_y * coarsen_y + halo_y) * "
        "element_bytes (4 with its convert_define on) <= device.local_mem_bytes"}},
      {{"kind", "constant_memory"},
       {"rule", "sum over constant_memory entries switched on of bytes <= device.constant_mem_bytes"}},
      {{"kind", "image_size"},
       {"rule", "every Image in image memory: width <= image2d_max_width, height <= image2d_max_height"}},
  });
  if (tunable(m, "ICL_INTERIOR"))
    j["constraints"].push_back({{"kind", "interior"},
                                {"rule",
                                 "interior = 1 needs interleaved = 0 or a local_memory entry switched on "
                                 "(a work-group must own one block of the grid)"}});
  if (!window.empty()) {
    j["constraints"].push_back({{"kind", "window"},
                                {"rule",
                                 "window = 1 needs interleaved = 0 and the Image's local and image "
                                 "memory switched off"}});
    j["constraints"].push_back(
        {{"kind", "vector"}, {"rule", "vector N > 1 needs window = 1 and coarsen_x a multiple of N"}});
    j["constraints"].push_back(
        {{"kind", "window_size"},
         {"rule",
          "window = 1: (coarsen_y + halo_y) * row <= 1024 elements (with slide = 1: (halo_y + 1) * row), "
          "row = the smallest multiple of N >= ((min_x mod N) + coarsen_x + halo_x)"}});
    j["constraints"].push_back({{"kind", "slide"}, {"rule", "slide = 1 needs window = 1"}});
  }
  if (std::any_of(local.begin(), local.end(), [](const json& l) { return !l["convert_define"].is_null(); }))
    j["constraints"].push_back(
        {{"kind", "convert"}, {"rule", "convert = 1 needs the Image's local memory switched on"}});
  if (std::any_of(m.arrays.begin(), m.arrays.end(), [](const ArrayInfo& a) { return a.integer_eligible; }))
    j["constraints"].push_back({{"kind", "integer"}, {"rule", "integer_<arr> = 1 needs literal_<arr> = 1"}});
  if (!vector_store.empty())
    j["constraints"].push_back({{"kind", "vector_store"},
                                {"rule",
                                 "vector N > 1 of a written Image needs interleaved = 0, coarsen_x a "
                                 "multiple of N and the Image's image memory switched off"}});
  j["global_size"] = {{"x", "ceil(grid_width / (wg_x * coarsen_x)) * wg_x"},
                      {"y", "ceil(grid_height / (wg_y * coarsen_y)) * wg_y"}};
  if (m.grid_dims == 3) j["global_size"]["z"] = "ceil(grid_depth / (wg_z * coarsen_z)) * wg_z";

  json images = json::array(), arrays = json::array(), loops = json::array();
  for (const auto& img : m.images) {
    json s{{"name", img.name},
           {"pixel", img.pixel},
           {"read", img.read},
           {"written", img.written},
           {"image_memory", img.image_memory_eligible ? json(true) : json(img.image_memory_reason)},
           {"local_memory", img.local_memory_eligible ? json(true) : json(img.local_memory_reason)}};
    if (img.stencil_known) s["stencil"] = {{"x", {img.min_x, img.max_x}}, {"y", {img.min_y, img.max_y}}};
    images.push_back(s);
  }
  for (const auto& arr : m.arrays)
    arrays.push_back(
        {{"name", arr.name},
         {"read", arr.read},
         {"written", arr.written},
         {"constant_memory", arr.constant_memory_eligible ? json(true) : json(arr.constant_memory_reason)}});
  for (const auto& l : m.loops) {
    json s{{"id", l.id}, {"line", l.line}, {"variable", l.variable}, {"unrollable", l.unrollable}};
    if (l.fixed_range) s["range"] = {l.first, l.first + l.trip_count};
    if (!l.unrollable) s["reason"] = l.reason;
    loops.push_back(s);
  }
  j["analysis"] = {{"images", images}, {"arrays", arrays}, {"loops", loops}};
  j["counts"] = counts_json(m);
  return j;
}

}  // namespace filterlab::imagecl
