// Study 4: AMD's tiled separable convolution and the designs it is compared with
// (tiled_variant.hpp) in the registry; `filter` takes source and target ROIs.
#include <iostream>
#include <random>

#include "error.hpp"
#include "families/tiled/tiled_runner.hpp"
#include "families/tiled/tiled_space.hpp"
#include "families/tiled/tiled_verify.hpp"
#include "families/verify_cells.hpp"
#include "io/image_file.hpp"
#include "io/netpbm.hpp"
#include "ocl/limits.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/tolerances.hpp"
#include "tuner/spaces.hpp"
#include "util/parse_value.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

ref::Roi parse_roi(const std::string& text, const char* flag, const ref::Image& img) {
  if (text.empty()) return ref::full_roi(img);
  const auto v = parse_integer_list(text, flag, ',', 4, -io::kMaxImageSide, io::kMaxImageSide,
                                    "x,y,w,h: four integers, e.g. 10,20,256,128");
  return {static_cast<int>(v[0]), static_cast<int>(v[1]), static_cast<int>(v[2]), static_cast<int>(v[3])};
}

// The benchmark suite's timed form: the whole w x h image (source and target ROI alike) of integers
// 0..127, so that every sum of the study's integer weights is exact in float; the target starts
// poisoned.
class TiledTimedRun : public TimedRun {
 public:
  TiledTimedRun(ocl::Runtime& rt, const TiledVariant& v, int width, int height, ref::Border border)
      : rt_(rt), variant_(v), border_(border), input_(width, height), roi_{0, 0, width, height} {
    std::mt19937 rng(20261123);
    std::uniform_int_distribution<int> value(0, 127);
    for (auto& p : input_.px) p = static_cast<float>(value(rng));
    // Source, target, and the two-pass design's intermediate.
    ocl::check_total_memory(rt.device.info, 3ull * sizeof(float) * input_.px.size(),
                            "timing " + v.id() + " on " + std::to_string(width) + "x" + std::to_string(height));
    runner_ = std::make_unique<TiledRunner>(rt, v, border, kVerifyBorderValue);
    src_ = upload_image(rt, input_, "the source image");
    dst_ = upload_image(rt, ref::Image(width, height, kPoison), "the target image");
  }
  std::vector<cl::Event> enqueue() override { return runner_->enqueue(src_, roi_, dst_, roi_); }
  std::string check() override {
    rt_.queue.finish();
    const auto [kx, ky] = ref::tiled_weights(variant_.ksize);
    const ref::Image got = download_image(rt_, dst_);
    const ref::Image want = ref::filter_roi(input_, roi_, ref::Image(input_.width, input_.height, kPoison), roi_, kx,
                                            ky, border_, kVerifyBorderValue);
    const auto cmp = compare_images(got, want, tol::kIntegerExact);
    return cmp.passed() ? "" : "differs from the oracle: " + cmp.describe(got, want);
  }
  // One float read and one written per pixel.
  double min_bytes() const override { return 2.0 * sizeof(float) * pixels(); }
  double pixels() const override { return static_cast<double>(roi_.width) * static_cast<double>(roi_.height); }

 private:
  ocl::Runtime& rt_;
  TiledVariant variant_;
  ref::Border border_;
  ref::Image input_;
  ref::Roi roi_;
  std::unique_ptr<TiledRunner> runner_;
  DeviceImage src_, dst_;
};

class TiledFilterVariant : public FilterVariant {
 public:
  explicit TiledFilterVariant(TiledVariant v) : v_(std::move(v)) {}
  std::string id() const override { return v_.id(); }
  std::string family() const override { return v_.design; }
  std::vector<std::string> verify_cases() const override { return all_border_cases(); }
  CaseOutcome verify(ocl::Runtime& rt, const std::string& c) const override {
    return outcome_of(verify_tiled(rt, v_, case_border(c)));
  }
  std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height, const std::string& c) const override {
    return std::make_unique<TiledTimedRun>(rt, v_, width, height, case_border(c));
  }
  // The timed programs (verify's counting build, FL_COUNT=1, is a test instrument).
  std::vector<ProgramRecord> programs() const override {
    const auto sha = ocl::load_program_source(v_.kernel_files()).sha256;
    std::vector<ProgramRecord> out;
    for (const auto& c : verify_cases()) out.push_back({c, v_.build_options(case_border(c)), sha});
    return out;
  }

 private:
  TiledVariant v_;
};

class TiledFamily : public FilterFamily {
 public:
  std::string name() const override { return "tiled"; }
  std::string study() const override {
    return "Study 4: AMD's tiled separable convolution with source and target ROIs";
  }
  std::vector<SubfamilyInfo> subfamilies() const override {
    std::vector<SubfamilyInfo> out;
    for (const auto& d : tiled_designs()) out.push_back({d.name, d.summary});
    return out;
  }
  std::vector<VariantPtr> variants() const override {
    std::vector<VariantPtr> out;
    for (auto& v : registered_tiled_variants()) out.push_back(std::make_shared<TiledFilterVariant>(std::move(v)));
    return out;
  }
  std::vector<std::string> tuning_spaces() const override { return {tuner::kTiledSpace}; }
  std::unique_ptr<tuner::Space> tuning_space(const std::string& name, ocl::Runtime& rt,
                                             const tuner::SpaceSettings& s) const override {
    if (name != tuner::kTiledSpace) return nullptr;
    auto t = tuner::default_timing(rt.device.info, s);
    t.side = rt.device.info.is_cpu() ? 4096 / s.cpu_divisor : 4096;  // the paper's 4096^2, divided on CPUs
    return std::make_unique<tuner::TiledSpace>(&rt, t);
  }
  std::vector<OptionSpec> filter_options() const override {
    auto out = border_options();
    out.insert(out.begin(), ksize_option("Filter size: 3, 5, 7 or 9 (the study's separable weights)"));
    out.push_back(OptionSpec::text("--src-roi", "Source ROI x,y,w,h (default: the whole image)"));
    out.push_back(OptionSpec::text("--dst-roi",
                                   "Target ROI x,y,w,h in an output of the input's size, whose other pixels keep "
                                   "the input's values (default: the whole image)"));
    out.push_back(OptionSpec::flag("--check",
                                   "Also compare with the CPU oracle and show that nothing outside the target ROI "
                                   "was written"));
    return out;
  }
  int filter(const FilterRequest& a) const override {
    const auto& o = a.options;
    const TiledVariant variant = make_tiled_variant(a.family, static_cast<int>(o.integer("--ksize")));
    const auto [border, border_value] = filter_border(o);
    const auto device = filter_device(a.device);
    const ref::Image input = io::read_image(a.input);
    const ref::Roi sroi = parse_roi(o.text("--src-roi"), "--src-roi", input);
    const ref::Roi troi = parse_roi(o.text("--dst-roi"), "--dst-roi", input);
    check_rois(sroi, input.width, input.height, troi, input.width, input.height);
    ocl::Runtime rt(device);
    const ref::Image out = apply_tiled(rt, variant, input, sroi, input, troi, border, border_value);
    if (o.flag("--check")) {
      const ref::Image poisoned(input.width, input.height, kPoison);
      const ref::Image got = apply_tiled(rt, variant, input, sroi, poisoned, troi, border, border_value);
      const auto [kx, ky] = ref::tiled_weights(variant.ksize);
      const ref::Image want = ref::filter_roi(input, sroi, poisoned, troi, kx, ky, border, border_value);
      double max_in = 0.0;
      for (float v : input.px) max_in = std::max(max_in, static_cast<double>(std::abs(v)));
      const auto cmp = compare_images(got, want, tiled_float_tolerance(variant.ksize, max_in));
      std::size_t outside = 0;
      for (int y = 0; y < got.height; ++y)
        for (int x = 0; x < got.width; ++x)
          if ((x < troi.x || x >= troi.x + troi.width || y < troi.y || y >= troi.y + troi.height) &&
              !(got.at(x, y) == kPoison))
            ++outside;
      std::cout << "check: max |error| " << cmp.max_abs_error << " (bound "
                << tiled_float_tolerance(variant.ksize, max_in) << "), " << outside
                << " pixel(s) written outside the target ROI: "
                << (cmp.passed() && outside == 0 ? "ok" : "FAIL " + cmp.describe(got, want)) << "\n";
      if (!cmp.passed() || outside) return 1;
    }
    io::write_image(a.output, out);
    std::cerr << "filterlab: " << variant.id() << " (" << o.text("--border") << ", source ROI " << ref::roi_text(sroi)
              << ", target ROI " << ref::roi_text(troi) << ") on " << rt.device.info.name << ": wrote " << a.output
              << " (" << out.width << "x" << out.height << ")\n";
    return 0;
  }
};

}  // namespace

std::unique_ptr<FilterFamily> make_tiled_family() { return std::make_unique<TiledFamily>(); }

}  // namespace filterlab
