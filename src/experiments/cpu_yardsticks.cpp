#include "experiments/cpu_yardsticks.hpp"

#include <algorithm>
#include <iostream>
#include <limits>
#include <memory>

#include "error.hpp"
#include "experiments/row_keys.hpp"
#include "measure/protocol.hpp"
#include "ocl/program.hpp"
#include "reference/benchmarks.hpp"

namespace filterlab {
namespace {

// A block as wide as the CPU image (1024) streams whole rows; 256 columns is ImageCL's widest
// block before its CPU code paths; 32 to 64 rows keep the fused ring's four extra rows below 13 %.
const std::vector<Yardstick> kYardsticks = {
    {"sepconv", "yardstick/sepconv_cpu.cl", {"yardstick_sepconv_row", "yardstick_sepconv_col"}, 1024, 32},
    {"sepconv", "yardstick/sepconv_cpu.cl", {"yardstick_sepconv_row", "yardstick_sepconv_col"}, 256, 16},
    {"sepconv_fused", "yardstick/sepconv_cpu.cl", {"yardstick_sepconv_fused"}, 1024, 32},
    {"sepconv_fused", "yardstick/sepconv_cpu.cl", {"yardstick_sepconv_fused"}, 1024, 64},
    {"sepconv_fused", "yardstick/sepconv_cpu.cl", {"yardstick_sepconv_fused"}, 256, 64},
};

std::vector<float> weights() {
  std::vector<float> w;
  for (double v : ref::sepconv_weights5()) w.push_back(static_cast<float>(v));
  return w;
}

cl::Buffer upload(ocl::Runtime& rt, const std::vector<float>& v) {
  return cl::Buffer(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, v.size() * sizeof(float),
                    const_cast<float*>(v.data()));
}

}  // namespace

// One stage of one yardstick, built once: its kernel reads `in` and writes its own output.
struct YardstickRun::Stage {
  const Yardstick* y = nullptr;
  std::string kernel;
  ocl::ProgramSource source;
  cl::Kernel k;
  cl::Buffer in, out, weights;
  cl::NDRange global;
  std::unique_ptr<measure::LaunchCase> timing;

  Stage(ocl::Runtime& rt, const Yardstick& yardstick, const std::string& name, const cl::Buffer& input, int w, int h)
      : y(&yardstick), kernel(name), source(ocl::load_program_source({yardstick.file})), in(input) {
    k = cl::Kernel(ocl::build_program(rt.context, rt.device, source, y->options()), kernel.c_str());
    out = cl::Buffer(rt.context, CL_MEM_READ_WRITE, static_cast<std::size_t>(w) * h * sizeof(float));
    weights = upload(rt, filterlab::weights());
    k.setArg(0, in), k.setArg(1, out), k.setArg(2, weights), k.setArg(3, w), k.setArg(4, h);
    global =
        cl::NDRange(static_cast<std::size_t>((w + y->xs - 1) / y->xs), static_cast<std::size_t>((h + y->r - 1) / y->r));
    timing = std::make_unique<measure::LaunchCase>(
        rt.queue, [this, &rt] { return std::vector<cl::Event>{enqueue(rt)}; }, y->id() + " " + kernel);
  }
  cl::Event enqueue(ocl::Runtime& rt) const {
    cl::Event e;
    rt.queue.enqueueNDRangeKernel(k, cl::NullRange, global, cl::NDRange(1, 1), nullptr, &e);
    return e;
  }
};

namespace {

// Runs the stages in turn on the input (each output poisoned with NaN first, so a pixel no stage
// writes cannot pass) and compares the last output with the oracle pixel by pixel.
void verify(ocl::Runtime& rt, const Yardstick& y, const ref::Image& input, const ref::Image& oracle,
            std::vector<std::unique_ptr<YardstickRun::Stage>>& chain) {
  const int w = input.width, h = input.height;
  cl::Buffer src = upload(rt, input.px);
  for (const auto& kernel : y.kernels) {
    chain.push_back(std::make_unique<YardstickRun::Stage>(rt, y, kernel, src, w, h));
    rt.queue.enqueueFillBuffer(chain.back()->out, std::numeric_limits<float>::quiet_NaN(), 0,
                               static_cast<std::size_t>(w) * h * sizeof(float));
    chain.back()->enqueue(rt);
    src = chain.back()->out;
  }
  ref::Image got(w, h);
  rt.queue.enqueueReadBuffer(src, CL_TRUE, 0, got.size() * sizeof(float), got.px.data());
  for (int yy = 0; yy < h; ++yy)
    for (int x = 0; x < w; ++x)
      if (!(got.at(x, yy) == oracle.at(x, yy)))
        throw Error(y.id() + " on " + std::to_string(w) + "x" + std::to_string(h) + ": pixel (" + std::to_string(x) +
                        ", " + std::to_string(yy) + ") is " + std::to_string(got.at(x, yy)) + ", the oracle's " +
                        std::to_string(oracle.at(x, yy)),
                    "this is a bug in kernels/" + y.file + "; nothing was timed");
}

}  // namespace

std::string Yardstick::id() const {
  return "yardstick." + benchmark + "/xs" + std::to_string(xs) + "_r" + std::to_string(r);
}

std::string Yardstick::options() const { return "-DXS=" + std::to_string(xs) + " -DR=" + std::to_string(r); }

const std::vector<Yardstick>& cpu_yardsticks() { return kYardsticks; }

YardstickRun::YardstickRun(ocl::Runtime& rt, const std::string& benchmark, const ref::Image& input,
                           const ref::Image& oracle)
    : benchmark_(benchmark), width_(input.width), height_(input.height) {
  const cl::Buffer in = upload(rt, input.px);
  for (const auto& y : kYardsticks) {
    if (y.benchmark != benchmark) continue;
    std::cerr << "[imagecl] " << benchmark << " " << width_ << "x" << height_ << ": verifying " << y.id() << "\n";
    std::vector<std::unique_ptr<Stage>> chain;
    verify(rt, y, input, oracle, chain);
    // Timed as ImageCL's kernels are: every stage on the benchmark input, its own output resident.
    for (const auto& kernel : y.kernels) stages_.push_back(std::make_unique<Stage>(rt, y, kernel, in, width_, height_));
  }
}

YardstickRun::~YardstickRun() = default;

std::vector<measure::MeasuredCase*> YardstickRun::cases() {
  std::vector<measure::MeasuredCase*> out;
  for (auto& s : stages_) out.push_back(s->timing.get());
  return out;
}

std::vector<std::string> YardstickRun::files() const {
  std::vector<std::string> out;
  for (const auto& s : stages_)
    if (std::find(out.begin(), out.end(), s->y->file) == out.end()) out.push_back(s->y->file);
  return out;
}

nlohmann::json YardstickRun::rows() const {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& s : stages_) {
    nlohmann::json row = {{"benchmark", benchmark_},
                          {"kernel", s->kernel},
                          {"width", width_},
                          {"height", height_},
                          {"kernel_file", s->y->file},
                          {"build_options", s->y->options()},
                          {"program_sha256", s->source.sha256},
                          {"local_size", {1, 1}},
                          {"global_size", {s->global[0], s->global[1]}}};
    add_row_keys(row, "yardstick." + benchmark_, s->y->id(),
                 s->kernel + "/" + std::to_string(width_) + "x" + std::to_string(height_));
    row.update(measure::timing_fields(s->timing->samples));
    rows.push_back(row);
  }
  return rows;
}

}  // namespace filterlab
