// Studies 1 and 2: the Scharr gradient families (filters/variant.hpp) in the registry.
#include <iostream>

#include "error.hpp"
#include "families/gradient_timed_run.hpp"
#include "families/verify_cells.hpp"
#include "filters/scharr_runner.hpp"
#include "io/image_file.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {
namespace {

class ScharrFilterVariant : public FilterVariant {
 public:
  explicit ScharrFilterVariant(Variant v) : v_(std::move(v)) {}
  std::string id() const override { return v_.id(); }
  std::string family() const override { return v_.family; }
  std::vector<std::string> verify_cases() const override { return all_border_cases(); }
  CaseOutcome verify(ocl::Runtime& rt, const std::string& c) const override {
    return outcome_of(verify_variant(rt, v_, case_border(c)));
  }
  std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height, const std::string& c) const override {
    return make_gradient_timed_run(rt, v_, width, height, case_border(c), ref::scharr_kernel(v_.ksize, ref::Axis::X),
                                   ref::scharr_kernel(v_.ksize, ref::Axis::Y));
  }

 private:
  Variant v_;
};

class ScharrFamily : public FilterFamily {
 public:
  std::string name() const override { return "scharr"; }
  std::string study() const override { return "Studies 1 and 2: Scharr gradient filters on four storage types"; }
  std::vector<SubfamilyInfo> subfamilies() const override {
    std::vector<SubfamilyInfo> out;
    for (const auto& f : families()) out.push_back({f.name, f.summary});
    return out;
  }
  std::vector<VariantPtr> variants() const override {
    std::vector<VariantPtr> out;
    for (auto& v : registered_variants()) out.push_back(std::make_shared<ScharrFilterVariant>(std::move(v)));
    return out;
  }
  int filter(const FilterRequest& a) const override {
    if (!a.src_roi.empty() || !a.dst_roi.empty() || a.check)
      throw Error("--src-roi, --dst-roi and --check apply to the tiled.* designs only", "e.g. --family tiled.amd");
    if (a.threshold >= 0) throw Error("--threshold applies to the epsilon.* steps only");
    // Validate everything the user typed before touching the device or the files.
    const Variant variant = make_variant(a.family, a.storage, a.ksize);
    const auto border = parse_filter_border(a.border);
    if (a.axis != "x" && a.axis != "y") throw Error("unknown axis '" + a.axis + "'", "use x (d/dx) or y (d/dy)");
    const auto device = filter_device(a.device);
    const ref::Image input = io::read_image(a.input);
    ocl::Runtime rt(device);
    const auto out = apply_scharr(rt, variant, input, a.axis == "x" ? ref::Axis::X : ref::Axis::Y, border, a.border_value);
    io::write_image(a.output, out);
    std::cerr << "filterlab: " << variant.id() << " (" << a.axis << ", " << a.border << ") on " << rt.device.info.name
              << ": wrote " << a.output << " (" << out.width << "x" << out.height << ")\n";
    return 0;
  }
};

}  // namespace

std::unique_ptr<FilterFamily> make_scharr_family() { return std::make_unique<ScharrFamily>(); }

}  // namespace filterlab
