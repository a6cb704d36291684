// Study 6a: the ImageCL paper's three benchmarks as pipelines of generated kernels
// (imagecl/check.hpp) in the registry. `verify` checks sampled configurations of every kernel of
// a benchmark on an odd-sized integer image against the oracle.
#include <algorithm>
#include <sstream>

#include "error.hpp"
#include "families/verify_cells.hpp"
#include "imagecl/check.hpp"
#include "imagecl/launcher.hpp"
#include "imagecl/space.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/tolerances.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/imagecl_subspace.hpp"
#include "tuner/spaces.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

// Pipelines verify checks per benchmark (every parameter value is covered by the sample only at
// larger counts: `filterlab imagecl-check` checks as many as asked), and their image.
constexpr std::size_t kVerifySamples = 4;
constexpr int kVerifyWidth = 67, kVerifyHeight = 45;
constexpr unsigned kVerifySeed = 20261122;

// Bytes per pixel of an Image's type, as the launcher stores it.
double pixel_bytes(const std::string& type) {
  if (type == "uchar" || type == "char") return 1;
  if (type == "ushort" || type == "short") return 2;
  return 4;
}

// The benchmark suite's timed form: the benchmark's kernels in turn, one configuration each (the
// first that imagecl::sample_configs draws for the device with verify's seed and cap), on an
// integer-valued input. Between kernels the images pass through the host as
// imagecl::check_benchmark passes them: the later kernel is bound, once, to what the earlier one
// computed in the preparing run, so that each enqueue times both launches on the right data.
class ImageclTimedRun : public TimedRun {
 public:
  ImageclTimedRun(ocl::Runtime& rt, const imagecl::Benchmark& b, int width, int height)
      : rt_(rt), benchmark_(b), input_(imagecl::benchmark_input(width, height, kVerifySeed)) {
    if (b.kernels.empty() || b.kernels.size() > 2)
      throw Error("internal: " + b.name + " is not a chain of one or two kernels");
    for (const auto& k : b.kernels) {
      const auto& space = imagecl::kernel_space(k);
      const auto configs = imagecl::sample_configs(space, 1, kVerifySeed, rt.device.info, imagecl::kCheckMaxUnrolled);
      if (configs.empty()) throw Unsupported("no configuration of " + k + " is valid on " + rt.device.info.name);
      launchers_.push_back(std::make_unique<imagecl::Launcher>(rt, space, configs.front()));
    }
    launchers_.front()->bind(imagecl::timing_args(b.kernels.front(), input_));
    if (launchers_.size() == 2) {
      launchers_.front()->enqueue();
      rt.queue.finish();
      auto args = imagecl::timing_args(b.kernels.back(), input_);
      for (const auto& [from, to] : passed()) {
        passed_.emplace_back(from, launchers_.front()->download(from));
        args[to] = imagecl::image_arg(passed_.back().second);
      }
      launchers_.back()->bind(args);
    }
  }
  std::vector<cl::Event> enqueue() override {
    std::vector<cl::Event> events;
    for (auto& l : launchers_) events.push_back(l->enqueue());
    return events;
  }
  std::string check() override {
    rt_.queue.finish();
    // The first kernel computes again what the second was bound to (a deterministic kernel).
    for (const auto& [from, image] : passed_)
      if (launchers_.front()->download(from).px != image.px)
        return launchers_.front()->id() + ": output '" + from + "' changed from one run to the next";
    const ref::Image got = launchers_.back()->download(final_output());
    const ref::Image want = imagecl::benchmark_oracle(benchmark_, input_);
    // As imagecl::check_benchmark judges it: exact but for Harris's float response.
    const double tolerance = imagecl::computes(benchmark_) == "harris" ? tol::harris_bound(255.0) : tol::kIntegerExact;
    const auto cmp = compare_images(got, want, tolerance);
    return cmp.passed() ? "" : describe() + " differs from the oracle: " + cmp.describe(got, want);
  }
  // The first kernel's input Images read once, the last kernel's output Images written once.
  double min_bytes() const override {
    double per_pixel = 0;
    for (const auto& a : imagecl::kernel_space(benchmark_.kernels.front()).args)
      if (a.kind == "image" && a.access == "read") per_pixel += pixel_bytes(a.type);
    for (const auto& a : imagecl::kernel_space(benchmark_.kernels.back()).args)
      if (a.kind == "image" && a.access == "write") per_pixel += pixel_bytes(a.type);
    return per_pixel * pixels();
  }
  double pixels() const override { return static_cast<double>(input_.width) * static_cast<double>(input_.height); }
  std::string describe() const override {
    std::string ids;
    for (const auto& l : launchers_) ids += (ids.empty() ? "" : " + ") + l->id();
    return ids;
  }

 private:
  // The Images the second kernel reads from the first's outputs (name there -> name here), and
  // the benchmark's result, as imagecl::check_benchmark chains them.
  std::vector<std::pair<std::string, std::string>> passed() const {
    if (benchmark_.name == "sepconv") return {{"out", "in"}};
    if (benchmark_.name == "harris") return {{"dx", "dx"}, {"dy", "dy"}};
    throw Error("internal: no chain for ImageCL benchmark " + benchmark_.name);
  }
  std::string final_output() const {
    if (!benchmark_.fuses.empty()) return imagecl::output_image(benchmark_.kernels.back());  // one fused kernel
    return benchmark_.name == "harris" ? "dst" : "out";
  }

  ocl::Runtime& rt_;
  const imagecl::Benchmark& benchmark_;
  ref::Image input_;
  std::vector<std::unique_ptr<imagecl::Launcher>> launchers_;
  std::vector<std::pair<std::string, ref::Image>> passed_;
};

class ImageclBenchmarkVariant : public FilterVariant {
 public:
  explicit ImageclBenchmarkVariant(std::string benchmark) : benchmark_(std::move(benchmark)) {}
  std::string id() const override {
    return family() + "/sampled" + std::to_string(kVerifySamples) + "/" + std::to_string(kVerifyWidth) + "x" +
           std::to_string(kVerifyHeight);
  }
  std::string family() const override { return "imagecl." + benchmark_; }
  std::vector<std::string> verify_cases() const override { return {"-"}; }
  CaseOutcome verify(ocl::Runtime& rt, const std::string&) const override {
    const auto& b = imagecl::benchmark(benchmark_);
    const auto input = imagecl::benchmark_input(kVerifyWidth, kVerifyHeight, kVerifySeed);
    const auto oracle = imagecl::benchmark_oracle(b, input);
    std::vector<std::vector<imagecl::Config>> samples;
    std::size_t rows = 0;
    for (const auto& k : b.kernels) {
      samples.push_back(imagecl::sample_configs(imagecl::kernel_space(k), kVerifySamples, kVerifySeed, rt.device.info,
                                                imagecl::kCheckMaxUnrolled));
      rows = std::max(rows, samples.back().size());
    }
    // A sampled pipeline the device cannot run (a work-group over the compiled kernel's limit,
    // known only after the build) is skipped and counted; the case is unsupported only if none ran.
    double worst = 0.0, tolerance = 0.0;
    std::size_t ran = 0;
    std::string last_unsupported;
    for (std::size_t i = 0; i < rows; ++i) {
      std::vector<imagecl::Config> configs;
      for (const auto& s : samples) configs.push_back(s[i % s.size()]);
      imagecl::CheckOutcome o;
      try {
        o = imagecl::check_benchmark(rt, b, configs, input, oracle);
      } catch (const Unsupported& e) {
        last_unsupported = e.what();
        continue;
      }
      ++ran;
      worst = std::max(worst, o.max_diff);
      tolerance = o.tolerance;
      if (!o.passed) {
        std::string ids;
        for (const auto& id : o.ids) ids += (ids.empty() ? "" : " + ") + id;
        return CaseOutcome{false,
                           "FAIL: " + ids + " first at " + o.where,
                           {"-", verify_number(o.max_diff), verify_number(o.tolerance)}};
      }
    }
    if (ran == 0)
      throw Unsupported("none of the " + std::to_string(rows) + " sampled pipelines runs here: " + last_unsupported);
    const std::string skipped = ran < rows ? ", " + std::to_string(rows - ran) + " unsupported here" : "";
    return CaseOutcome{true,
                       "ok (" + std::to_string(ran) + " pipelines" + skipped + ")",
                       {"-", verify_number(worst), verify_number(tolerance)}};
  }
  std::unique_ptr<TimedRun> timed_run(ocl::Runtime& rt, int width, int height, const std::string&) const override {
    return std::make_unique<ImageclTimedRun>(rt, imagecl::benchmark(benchmark_), width, height);
  }

 private:
  std::string benchmark_;
};

class ImageclFamily : public FilterFamily {
 public:
  std::string name() const override { return "imagecl"; }
  std::string study() const override { return "Study 6a: the ImageCL paper's benchmarks, generated by our compiler"; }
  std::vector<SubfamilyInfo> subfamilies() const override {
    std::vector<SubfamilyInfo> out;
    for (const auto& b : imagecl::benchmarks()) out.push_back({"imagecl." + b.name, b.description});
    return out;
  }
  std::vector<VariantPtr> variants() const override {
    std::vector<VariantPtr> out;
    for (const auto& b : imagecl::benchmarks()) out.push_back(std::make_shared<ImageclBenchmarkVariant>(b.name));
    return out;
  }
  // The sub-spaces (documented and wide) of every kernel; a kernel's full space is built by name
  // ("imagecl.<kernel>") but not listed: it is too large to search exhaustively.
  std::vector<std::string> tuning_spaces() const override {
    std::vector<std::string> out;
    for (const auto& kind : tuner::subspace_kinds())
      for (const auto& b : imagecl::benchmarks())
        for (const auto& k : b.kernels)
          if (tuner::has_imagecl_subspace(k, kind)) out.push_back("imagecl." + k + ":" + kind);
    return out;
  }
  std::unique_ptr<tuner::Space> tuning_space(const std::string& name, ocl::Runtime& rt,
                                             const tuner::SpaceSettings& s) const override {
    if (name.rfind("imagecl.", 0) != 0) return nullptr;
    auto kernel = name.substr(8);
    const auto colon = kernel.find(':');
    const std::string kind = colon == std::string::npos ? "" : kernel.substr(colon + 1);
    kernel = kernel.substr(0, colon);
    imagecl::kernel_space(kernel);  // throws listing the kernels
    return std::make_unique<tuner::ImageclSpace>(&rt, rt.device.info, kernel,
                                                 kind.empty() ? nullptr : &tuner::imagecl_subspace(kernel, kind),
                                                 tuner::timing_for(name, rt.device.info, s));
  }
  // A configuration ID ("imagecl.<kernel>/wg../c../...") names one program: the kernel's generated
  // OpenCL (or the second source its fill_window or row_split switch selects, as the launcher
  // builds it) with the configuration's -D switches. A registered (sampled) variant has none of its own.
  std::optional<std::vector<ProgramRecord>> programs_of(const std::string& id) const override {
    if (id.rfind("imagecl.", 0) != 0) return std::nullopt;
    const auto slash = id.find('/');
    const auto kernel = id.substr(8, slash == std::string::npos ? std::string::npos : slash - 8);
    const auto names = imagecl::kernel_names();
    if (std::find(names.begin(), names.end(), kernel) == names.end()) return FilterFamily::programs_of(id);
    const auto& space = imagecl::kernel_space(kernel);
    const auto config = imagecl::parse_config_id(space, id);  // throws naming what does not match
    const auto source =
        ocl::load_program_source({}, {{imagecl::program_file(space, config), imagecl::program_text(space, config)}});
    return std::vector<ProgramRecord>{{"-", imagecl::build_options(space, config), source.sha256}};
  }
  std::string why_no_filter(const std::string&) const override {
    return "a generated benchmark needs one configuration per kernel: check them with `filterlab imagecl-check`";
  }
};

}  // namespace

std::unique_ptr<FilterFamily> make_imagecl_family() { return std::make_unique<ImageclFamily>(); }

}  // namespace filterlab
