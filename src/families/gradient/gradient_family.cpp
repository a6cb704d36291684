#include "families/gradient/gradient_family.hpp"

#include <iostream>

#include "error.hpp"
#include "families/gradient/gradient_runner.hpp"
#include "families/gradient/gradient_timed_run.hpp"
#include "families/verify_cells.hpp"
#include "io/image_file.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {

std::vector<std::string> GradientFilterVariant::verify_cases() const { return all_border_cases(); }

CaseOutcome GradientFilterVariant::verify(ocl::Runtime& rt, const std::string& case_name) const {
  return outcome_of(verify_gradient_variant(rt, v_, case_border(case_name)));
}

std::unique_ptr<TimedRun> GradientFilterVariant::timed_run(ocl::Runtime& rt, int width, int height,
                                                           const std::string& case_name) const {
  return make_gradient_timed_run(rt, v_, width, height, case_border(case_name), v_.kernel(ref::Axis::X),
                                 v_.kernel(ref::Axis::Y));
}

std::vector<ProgramRecord> GradientFilterVariant::programs() const {
  const auto sha = ocl::load_program_source(v_.kernel_files(), v_.generated_sources()).sha256;
  std::vector<ProgramRecord> out;
  for (const auto& c : verify_cases()) out.push_back({c, v_.build_options(case_border(c)), sha});
  return out;
}

std::vector<SubfamilyInfo> gradient_subfamilies(const CoefficientSet& set) {
  std::vector<SubfamilyInfo> out;
  for (const auto& f : set.families) {
    nlohmann::json storages = nlohmann::json::array();
    for (const auto st : f.storages()) storages.push_back(std::string(storage_name(st)));
    // A local family without a fixed copy pattern follows the article's rule (article_copy_rule).
    const std::string copy = !f.local ? "none" : f.copy == CopyPattern::None ? "rule" : copy_pattern_name(f.copy);
    out.push_back({f.name,
                   f.summary,
                   {{"local", f.local},
                    {"copy", copy},
                    {"both", f.both},
                    {"predefined", f.predefined},
                    {"separable", f.separable},
                    {"rows", f.rows},
                    {"one_launch", f.one_launch},
                    {"storages", storages},
                    {"launches_per_unit", f.launches_per_unit()}}});
  }
  return out;
}

std::vector<VariantPtr> gradient_filter_variants(std::vector<GradientVariant> variants) {
  std::vector<VariantPtr> out;
  for (auto& v : variants) out.push_back(std::make_shared<GradientFilterVariant>(std::move(v)));
  return out;
}

int filter_gradient(const CoefficientSet& set, const FilterRequest& a) {
  if (!a.src_roi.empty() || !a.dst_roi.empty() || a.check)
    throw Error("--src-roi, --dst-roi and --check apply to the tiled.* designs only", "e.g. --family tiled.amd");
  if (a.threshold >= 0) throw Error("--threshold applies to the epsilon.* steps only");
  // Validate everything the user typed before touching the device or the files.
  const GradientVariant variant = make_variant(set, a.family, a.storage, a.ksize);
  const auto border = parse_filter_border(a.border);
  if (a.axis != "x" && a.axis != "y") throw Error("unknown axis '" + a.axis + "'", "use x (d/dx) or y (d/dy)");
  const auto device = filter_device(a.device);
  const ref::Image input = io::read_image(a.input);
  ocl::Runtime rt(device);
  const auto out =
      apply_scharr(rt, variant, input, a.axis == "x" ? ref::Axis::X : ref::Axis::Y, border, a.border_value);
  io::write_image(a.output, out);
  std::cerr << "filterlab: " << variant.id() << " (" << a.axis << ", " << a.border << ") on " << rt.device.info.name
            << ": wrote " << a.output << " (" << out.width << "x" << out.height << ")\n";
  return 0;
}

}  // namespace filterlab
