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

std::vector<OptionSpec> gradient_filter_options() {
  auto out = border_options();
  out.insert(out.begin(),
             {OptionSpec::text("--storage", "images or buffer", "buffer"), ksize_option("Filter size: 3, 5, 7 or 9"),
              OptionSpec::text("--axis", "x (d/dx) or y (d/dy)", "x")});
  return out;
}

int filter_gradient(const CoefficientSet& set, const FilterRequest& a) {
  // Validate everything the user typed before touching the device or the files.
  const auto& o = a.options;
  const GradientVariant variant =
      make_variant(set, a.family, o.text("--storage"), static_cast<int>(o.integer("--ksize")));
  const auto [border, border_value] = filter_border(o);
  const auto axis = o.text("--axis");
  if (axis != "x" && axis != "y") throw Error("unknown axis '" + axis + "'", "use x (d/dx) or y (d/dy)");
  const auto device = filter_device(a.device);
  const ref::Image input = io::read_image(a.input);
  ocl::Runtime rt(device);
  const auto out =
      apply_derivative(rt, variant, input, axis == "x" ? ref::Axis::X : ref::Axis::Y, border, border_value);
  io::write_image(a.output, out);
  std::cerr << "filterlab: " << variant.id() << " (" << axis << ", " << o.text("--border") << ") on "
            << rt.device.info.name << ": wrote " << a.output << " (" << out.width << "x" << out.height << ")\n";
  return 0;
}

}  // namespace filterlab
