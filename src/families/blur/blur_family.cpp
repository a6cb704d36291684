// The blur family: a binomial (Gaussian) blur 3x3..7x7 with integer weights (reference/blur.hpp),
// reflect101 (OpenCV's default border), on a float buffer, in a separable form (two launches) and a
// direct 2-D form, judged by the oracle exactly on integer data. Everything it has lies in this
// folder and in kernels/blur/; it is registered by FILTERLAB_FAMILY(blur) in registered.def.
#include <iostream>

#include "error.hpp"
#include "families/blur/blur_runner.hpp"
#include "families/blur/blur_space.hpp"
#include "families/blur/blur_verify.hpp"
#include "families/family.hpp"
#include "families/gradient/gradient_timed_run.hpp"
#include "families/verify_cells.hpp"
#include "io/image_file.hpp"
#include "ocl/program.hpp"
#include "reference/blur.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

constexpr ref::Border kBlurBorder = ref::Border::Reflect101;

// The benchmark suite's timed form: an integer-valued image, blurred (one or two launches), checked
// exactly against the oracle.
class BlurTimedRun : public TimedRun {
 public:
  BlurTimedRun(ocl::Runtime& rt, const BlurVariant& v, int width, int height)
      : runner_(rt, v, kBlurBorder), input_(timed_run_input(width, height)) {
    buffers_ = runner_.upload(input_);
    runner_.poison(buffers_);
  }
  std::vector<cl::Event> enqueue() override { return runner_.enqueue(buffers_); }
  std::string check() override {
    const auto got = runner_.download(buffers_);
    const auto want = ref::binomial_blur(input_, runner_.variant().ksize, kBlurBorder);
    const auto c = compare_images(got, want, 0.0);
    return c.passed() ? "" : "differs from the oracle: " + c.describe(got, want);
  }
  // One float read and one written per pixel.
  double min_bytes() const override { return 2.0 * sizeof(float) * pixels(); }
  double pixels() const override { return static_cast<double>(input_.width) * static_cast<double>(input_.height); }

 private:
  BlurRunner runner_;
  ref::Image input_;
  BlurBuffers buffers_;
};

class BlurFilterVariant : public FilterVariant {
 public:
  explicit BlurFilterVariant(BlurVariant v) : v_(std::move(v)) {}
  std::string id() const override { return v_.id(); }
  std::string family() const override { return v_.family(); }
  std::vector<std::string> verify_cases() const override { return {std::string(ref::border_name(kBlurBorder))}; }
  CaseOutcome verify(ocl::Runtime& rt, const std::string& c) const override {
    return outcome_of(verify_blur_variant(rt, v_, border_of(c)));
  }
  std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height, const std::string& c) const override {
    border_of(c);
    return std::make_unique<BlurTimedRun>(rt, v_, width, height);
  }
  std::vector<ProgramRecord> programs() const override {
    return {
        {verify_cases().front(), v_.build_options(kBlurBorder), ocl::load_program_source(v_.kernel_files()).sha256}};
  }

 private:
  static ref::Border border_of(const std::string& c) {
    if (case_border(c) != kBlurBorder) throw Error("the blur family takes only the reflect101 border");
    return kBlurBorder;
  }
  BlurVariant v_;
};

class BlurFamily : public FilterFamily {
 public:
  std::string name() const override { return "blur"; }
  std::string study() const override {
    return "Binomial (Gaussian) blur 3x3..7x7, separable (two launches) and 2-D, reflect101 on a float buffer";
  }
  std::vector<SubfamilyInfo> subfamilies() const override {
    std::vector<SubfamilyInfo> out;
    for (const auto& d : blur_designs())
      out.push_back({std::string("blur.") + d.name,
                     d.summary,
                     {{"separable", d.launches == 2},
                      {"launches_per_unit", d.launches},
                      {"borders", {std::string(ref::border_name(kBlurBorder))}},
                      {"sizes", blur_sizes()},
                      {"storages", {"buffer"}}}});
    return out;
  }
  std::vector<VariantPtr> variants() const override {
    std::vector<VariantPtr> out;
    for (auto& v : registered_blur_variants()) out.push_back(std::make_shared<BlurFilterVariant>(std::move(v)));
    return out;
  }
  std::vector<OptionSpec> filter_options() const override {
    return {
        OptionSpec::text("--storage", "buffer, the blur's one storage", "buffer"),
        ksize_option("Filter size: 3, 5 or 7"),
        OptionSpec::text("--border", "reflect101, the blur's one border", std::string(ref::border_name(kBlurBorder)))};
  }
  int filter(const FilterRequest& a) const override {
    const auto& o = a.options;
    if (o.text("--storage") != "buffer")
      throw Error(a.family + " does not run on " + o.text("--storage") + " storage", "use --storage buffer");
    if (o.text("--border") != ref::border_name(kBlurBorder))
      throw Error("the blur family has one border, reflect101", "drop --border or give --border reflect101");
    const auto variant = make_blur_variant(a.family, static_cast<int>(o.integer("--ksize")));
    const auto device = filter_device(a.device);
    const ref::Image input = io::read_image(a.input);
    ocl::Runtime rt(device);
    const auto out = apply_blur(rt, variant, input, kBlurBorder);
    io::write_image(a.output, out);
    std::cerr << "filterlab: " << variant.id() << " (reflect101) on " << rt.device.info.name << ": wrote " << a.output
              << " (" << out.width << "x" << out.height << ")\n";
    return 0;
  }
  std::unique_ptr<tuner::Space> tuning_space(const std::string& name, ocl::Runtime& rt,
                                             const tuner::SpaceSettings& s) const override {
    if (name != kBlurSpace) return nullptr;
    return make_blur_space(rt, s);
  }
};

}  // namespace

std::unique_ptr<FilterFamily> make_blur_family() { return std::make_unique<BlurFamily>(); }

}  // namespace filterlab
