// Study 5: Qualcomm's epsilon-filter steps (epsilon_variant.hpp) in the registry. The
// filter has one border, BORDER_REPLICATE, and works on 8-bit planes.
#include <cmath>
#include <iostream>
#include <random>

#include "error.hpp"
#include "families/epsilon/epsilon_runner.hpp"
#include "families/epsilon/epsilon_verify.hpp"
#include "families/verify_cells.hpp"
#include "io/image_file.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"

namespace filterlab {
namespace {

// The study's threshold (Table 2's T).
constexpr int kStudyThreshold = 16;

// The benchmark suite's timed form: an 8-bit w x h plane of smooth ramps with noise and edges (so
// that the threshold counts a mix of neighbours), filtered at the study's threshold; the output
// starts poisoned.
class EpsilonTimedRun : public TimedRun {
 public:
  EpsilonTimedRun(ocl::Runtime& rt, const EpsilonVariant& v, int width, int height)
      : runner_(rt, v), input_(width, height) {
    std::mt19937 rng(20261123);
    std::uniform_int_distribution<int> noise(0, 24);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        input_.at(x, y) = static_cast<std::uint8_t>(((x / 64 + y / 64) % 2 ? 160 : 40) + (x + y) % 64 + noise(rng));
    images_ = runner_.upload(input_);
    runner_.fill_output(images_, 0xA5);
  }
  std::vector<cl::Event> enqueue() override { return {runner_.enqueue(images_, kStudyThreshold)}; }
  std::string check() override {
    const auto got = runner_.download(images_);
    const auto want = ref::epsilon_filter(input_, kStudyThreshold);
    // Integer steps exact; the float naive step by the rule of reference/tolerances.hpp.
    const auto cmp = compare_epsilon(got, want, input_, kStudyThreshold, runner_.variant().traits().float_math);
    return cmp.passed() ? "" : "differs from the oracle: " + cmp.describe();
  }
  // One byte read and one written per pixel.
  double min_bytes() const override { return 2.0 * pixels(); }
  double pixels() const override { return static_cast<double>(input_.width) * static_cast<double>(input_.height); }

 private:
  EpsilonRunner runner_;
  ref::Plane8 input_;
  EpsilonImages images_;
};

class EpsilonFilterVariant : public FilterVariant {
 public:
  explicit EpsilonFilterVariant(EpsilonVariant v) : v_(std::move(v)) {}
  std::string id() const override { return v_.id(); }
  std::string family() const override { return v_.family(); }
  std::vector<std::string> verify_cases() const override {
    return {std::string(ref::border_name(ref::Border::Replicate))};
  }
  CaseOutcome verify(ocl::Runtime& rt, const std::string& c) const override {
    if (case_border(c) != ref::Border::Replicate) throw Error("epsilon steps take only the replicate border");
    // "max|err| int": the largest difference in grey levels (0 for the integer steps; at most 1
    // for the float naive step where the rule allows it); the third column: pixels that differed
    // from the oracle over every image x threshold case.
    const auto r = verify_epsilon(rt, v_);
    return CaseOutcome{r.passed,
                       r.passed ? "ok (" + std::to_string(r.cases) + " cases)" : "FAIL: " + r.failure,
                       {verify_number(r.max_abs_diff), "-", "diff px " + std::to_string(r.differing)}};
  }
  std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height, const std::string& c) const override {
    if (case_border(c) != ref::Border::Replicate) throw Error("epsilon steps take only the replicate border");
    return std::make_unique<EpsilonTimedRun>(rt, v_, width, height);
  }
  std::vector<ProgramRecord> programs() const override {
    return {{verify_cases().front(), v_.build_options(), ocl::load_program_source(v_.kernel_files()).sha256}};
  }

 private:
  EpsilonVariant v_;
};

// The input's grey levels as 8-bit values: read_image gives 8-bit files as v / 255, recovered exactly.
ref::Plane8 to_plane8(const ref::Image& img, const std::string& path) {
  ref::Plane8 out(img.width, img.height);
  for (std::size_t i = 0; i < img.px.size(); ++i) {
    const float v = img.px[i] * 255.0f;
    const float r = std::round(v);
    if (!(r >= 0.0f && r <= 255.0f) || std::abs(v - r) > 1e-3f)
      throw Error(path + ": pixel " + std::to_string(i % static_cast<std::size_t>(img.width)) + "," +
                      std::to_string(i / static_cast<std::size_t>(img.width)) + " is not an 8-bit grey level",
                  "the epsilon steps filter 8-bit images: give an 8-bit PGM or PNG");
    out.px[i] = static_cast<std::uint8_t>(r);
  }
  return out;
}

class EpsilonFamily : public FilterFamily {
 public:
  std::string name() const override { return "epsilon"; }
  std::string study() const override { return "Study 5: Qualcomm's epsilon-filter optimisation steps"; }
  std::vector<SubfamilyInfo> subfamilies() const override {
    std::vector<SubfamilyInfo> out;
    for (const auto& s : epsilon_steps())
      out.push_back({std::string("epsilon.") + s.name, std::string("Study 5 step ") + s.label + ", " + s.description +
                                                           ", " + std::to_string(s.outputs_per_item) +
                                                           " output(s) per work-item"});
    return out;
  }
  std::vector<VariantPtr> variants() const override {
    std::vector<VariantPtr> out;
    for (auto& v : registered_epsilon_variants()) out.push_back(std::make_shared<EpsilonFilterVariant>(std::move(v)));
    return out;
  }
  std::array<std::string, 3> verify_columns() const override { return {"max|diff| grey", "-", "pixels differing"}; }
  std::vector<OptionSpec> filter_options() const override {
    return {OptionSpec::text("--border", "replicate, the steps' one border", "replicate"),
            OptionSpec::integer("--threshold", "The threshold T, 0..255 (the study's: 16)", kStudyThreshold, 0, 255)};
  }
  int filter(const FilterRequest& a) const override {
    if (a.options.text("--border") != "replicate")
      throw Error("the epsilon steps have one border, replicate", "drop --border or give --border replicate");
    const int threshold = static_cast<int>(a.options.integer("--threshold"));
    const auto variant = epsilon_variant(a.family.substr(std::string("epsilon.").size()));
    const auto device = filter_device(a.device);
    const auto input = to_plane8(io::read_image(a.input), a.input);
    ocl::Runtime rt(device);
    const auto out8 = apply_epsilon(rt, variant, input, threshold);
    ref::Image out(out8.width, out8.height);
    for (std::size_t i = 0; i < out.px.size(); ++i) out.px[i] = static_cast<float>(out8.px[i]) / 255.0f;
    io::write_image(a.output, out);
    std::cerr << "filterlab: " << variant.id() << " (T = " << threshold << ", replicate) on " << rt.device.info.name
              << ": wrote " << a.output << " (" << out.width << "x" << out.height << ", grey levels / 255)\n";
    return 0;
  }
};

}  // namespace

std::unique_ptr<FilterFamily> make_epsilon_family() { return std::make_unique<EpsilonFamily>(); }

}  // namespace filterlab
