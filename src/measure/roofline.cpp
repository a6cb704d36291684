#include "measure/roofline.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <sstream>
#include <utility>
#include <vector>

#include "error.hpp"
#include "measure/protocol.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/program.hpp"

namespace filterlab::measure {
namespace {

constexpr std::uint32_t kPoison = 0xFFFFFFFFu;  // a NaN as float; no probe's integer sum reaches it

// A probe as measured: its record, kernel, output type and the host's replay of work-item g.
struct Probe {
  ProbeRate rate;
  cl::Kernel kernel;
  bool float_out = true;
  std::function<double(std::uint32_t)> replay;
};

template <class... Args>
void set_args(cl::Kernel& k, const Args&... args) {
  cl_uint i = 0;
  (k.setArg(i++, args), ...);
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

// The device's output against the replay at the sampled work-items, and every output written
// (finite floats; no integer left at the poison). Returns what was checked; throws if wrong.
std::string verify(ocl::Runtime& rt, const Probe& p, const cl::Buffer& out, std::size_t global,
                   const std::string& device) {
  std::vector<std::uint32_t> bits(global);
  rt.queue.enqueueReadBuffer(out, CL_TRUE, 0, global * sizeof(std::uint32_t), bits.data());
  auto value = [&](std::uint32_t g) {
    if (!p.float_out) return static_cast<double>(bits[g]);
    float f;
    std::memcpy(&f, &bits[g], sizeof f);
    return static_cast<double>(f);
  };
  const std::string where = "the roofline probe " + p.rate.name + " on " + device;
  for (std::size_t g = 0; g < global; ++g) {
    const double v = value(static_cast<std::uint32_t>(g));
    if (p.float_out ? !std::isfinite(v) : bits[g] == kPoison)
      throw Error(where + ": work-item " + std::to_string(g) + " wrote " + (p.float_out ? number(v) : "nothing"),
                  "the kernel did not run every work-item; nothing was timed");
  }
  const auto sampled = sampled_work_items(global);
  for (const auto g : sampled) {
    const double want = p.replay(g), got = value(g);
    if (got != want)
      throw Error(
          where + ": work-item " + std::to_string(g) + " wrote " + number(got) + " but the host's exact replay gives " +
              number(want),
          "the device compiler removed, reordered, contracted or rounded differently the probe's arithmetic, so "
          "its rate would not measure what it claims; nothing was timed");
  }
  return "every work-item wrote " + std::string(p.float_out ? "a finite value" : "its sum") + "; " +
         std::to_string(sampled.size()) + " work-items equal the host's exact replay";
}

// Throws filterlab::Error naming the size that the probe kernels, their exact checks or the
// device cannot take, before anything is allocated.
void check_sizes(const ocl::DeviceInfo& info, const RooflineSizes& s, const RooflineArgs& a) {
  s.check();
  if (a.local_step >= s.tile)  // the kernels wrap the offset once per step
    throw Error("roofline probe sizes: the tile (" + std::to_string(s.tile) + ") must exceed the local step (" +
                std::to_string(a.local_step) + ")");
  ocl::check_allocation(info, s.global * sizeof(std::uint32_t), "the roofline probes' output");
  ocl::check_local_memory(info, s.tile_elements() * sizeof(float), "the local-memory probe's tile");
}

// Every probe verified against the host's replay, then timed through the protocol: warm-up
// launches of every probe, then rounds in a shuffled order, so that drift (clocks, heat) affects
// all alike. Returns the rates in the probes' order.
std::vector<ProbeRate> verify_and_time(ocl::Runtime& rt, std::vector<Probe>& all, const cl::Buffer& out,
                                       const RooflineSizes& s, const RooflineOptions& o,
                                       std::vector<std::pair<std::string, std::string>>& refused) {
  const auto& info = rt.device.info;
  auto launch = [&](Probe& p) {
    cl::Event e;
    rt.queue.enqueueNDRangeKernel(p.kernel, cl::NullRange, cl::NDRange(s.global), cl::NDRange(s.wg), nullptr, &e);
    return std::vector<cl::Event>{e};
  };
  // Every probe verified before anything is timed; one the device computes differently from its
  // exact replay is refused (named with what differed), and the rest are measured.
  std::vector<std::reference_wrapper<Probe>> probes;
  for (auto& p : all) {
    rt.queue.enqueueFillBuffer(out, kPoison, 0, s.global * sizeof(std::uint32_t));
    launch(p);
    try {
      p.rate.check = verify(rt, p, out, s.global, info.name);
      probes.emplace_back(p);
    } catch (const Error& e) {
      refused.emplace_back(p.rate.name, e.what());
    }
  }
  if (probes.empty()) throw Error("every roofline probe on " + info.name + " was refused: " + refused.front().second);
  std::vector<LaunchCase> cases;
  cases.reserve(probes.size());
  for (Probe& p : probes)
    cases.emplace_back(
        rt.queue, [&launch, &p] { return launch(p); }, p.rate.name);
  std::vector<MeasuredCase*> timed;
  for (auto& c : cases) timed.push_back(&c);
  Protocol protocol;
  protocol.warmup = o.warmup;
  protocol.rounds = o.repetitions;
  protocol.check_after = false;
  measure(timed, protocol);
  for (std::size_t i = 0; i < probes.size(); ++i) probes[i].get().rate.samples = cases[i].samples;
  std::vector<ProbeRate> rates;
  for (Probe& p : probes) {
    auto& pr = p.rate;
    pr.kernel_ms = summarize(pr.samples.kernel_ms);
    pr.wall_ms = summarize(pr.samples.wall_ms);
    const double work = pr.work_per_launch() / 1e9;
    pr.rate = work / (pr.kernel_ms.median * 1e-3);
    pr.rate_ci95_low = work / (pr.kernel_ms.ci95_high * 1e-3);
    pr.rate_ci95_high = work / (pr.kernel_ms.ci95_low * 1e-3);
    if (!(std::isfinite(pr.rate) && pr.rate > 0))
      throw Error("the roofline probe " + pr.name + " on " + info.name + " gave no finite positive rate (median " +
                      number(pr.kernel_ms.median) + " ms)",
                  "the device's profiling timer reported no time; nothing was written");
    rates.push_back(pr);
  }
  return rates;
}

}  // namespace

const std::vector<std::string>& roofline_probe_names() {
  static const std::vector<std::string> names{"fp32_exact", "fp32_fma",  "cvt_u8_f32", "cvt_u16_f32",
                                              "cvt_f32_u8", "local_f32", "local_u8"};
  return names;
}

RooflineSizes default_roofline_sizes(const ocl::DeviceInfo& dev) {
  RooflineSizes s;
  // GPUs: several waves even where a compute unit holds 2048 work-items (so the last wave's tail is
  // small); CPUs: PoCL runs a work-group per thread, and fewer work-items keep a probe well under a second.
  s.global = std::size_t{std::max(dev.compute_units, 1u)} * (dev.is_cpu() ? 512 : 16384);
  return s;
}

std::string roofline_build_options(const RooflineSizes& sizes) { return "-cl-std=CL1.2" + sizes.build_options(); }

const ProbeRate& Roofline::probe(const std::string& name) const {
  for (const auto& p : probes)
    if (p.name == name) return p;
  throw Error("no roofline probe '" + name + "'");
}

Roofline measure_roofline(ocl::Runtime& rt, const RooflineOptions& o) {
  const auto& info = rt.device.info;
  if (o.repetitions <= 0 || o.warmup < 0)
    throw Error("roofline probes: repetitions must be positive and warm-up not negative");
  Roofline r;
  r.sizes = o.sizes;
  if (r.sizes.global == 0) r.sizes.global = default_roofline_sizes(info).global;
  const RooflineSizes& s = r.sizes;
  const RooflineArgs& a = r.args;
  check_sizes(info, s, a);

  r.copy = measure_copy_bandwidth(rt, o.copy_bytes, o.repetitions);
  r.build_options = roofline_build_options(s);
  const auto tile8 = local_tile_source(s);
  const std::vector<float> tile32(tile8.begin(), tile8.end());
  const double chain_ops = static_cast<double>(s.global) * s.chains;
  const double local_ops = static_cast<double>(s.global) * s.local_chains * s.local_iters;
  try {
    const auto source = ocl::load_program_source({"probe/roofline.cl"});
    r.program_sha256 = source.sha256;
    const auto program = ocl::build_program(rt.context, rt.device, source, r.build_options);
    cl::Buffer out(rt.context, CL_MEM_READ_WRITE, s.global * sizeof(std::uint32_t));
    cl::Buffer src32(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, tile32.size() * sizeof(float),
                     const_cast<float*>(tile32.data()));
    cl::Buffer src8(rt.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, tile8.size(),
                    const_cast<std::uint8_t*>(tile8.data()));

    std::vector<Probe> probes;
    auto add = [&](const std::string& name, const std::string& what, const std::string& unit, double ops, double per_op,
                   bool float_out, std::function<double(std::uint32_t)> replay) -> cl::Kernel& {
      Probe p;
      p.rate.name = name;
      p.rate.description = what;
      p.rate.work_unit = unit;
      p.rate.rate_unit = unit == "flop" ? "GFLOP/s" : unit == "conversion" ? "Gconv/s" : "GB/s";
      p.rate.ops_per_launch = ops;
      p.rate.work_per_op = per_op;
      p.kernel = cl::Kernel(program, name.c_str());
      p.float_out = float_out;
      p.replay = std::move(replay);
      ocl::check_work_group(info, rt.device.device, p.kernel, s.wg, 1, "the roofline probe " + name);
      probes.push_back(std::move(p));
      return probes.back().kernel;
    };
    probes.reserve(roofline_probe_names().size());
    set_args(add("fp32_exact", "an FP32 multiply or add, not contracted: one instruction, one flop", "flop",
                 chain_ops * s.fp_iters, 1, true, [&](std::uint32_t g) { return replay_fp32_exact(s, a, g); }),
             out, a.exact_mul, a.exact_add);
    set_args(add("fp32_fma", "an FP32 fma(): one instruction, two flops", "flop", chain_ops * s.fp_iters, 2, true,
                 [&](std::uint32_t g) { return replay_fp32_fma(s, a, g); }),
             out, a.fma_mul, a.fma_add);
    set_args(add("cvt_u8_f32", "convert_float of a uchar", "conversion", chain_ops * s.cvt_iters, 1, true,
                 [&](std::uint32_t g) { return replay_cvt_u8_f32(s, a, g); }),
             out, a.cvt_step);
    set_args(add("cvt_u16_f32", "convert_float of a ushort", "conversion", chain_ops * s.cvt_iters, 1, true,
                 [&](std::uint32_t g) { return replay_cvt_u16_f32(s, a, g); }),
             out, a.cvt_step);
    set_args(add("cvt_f32_u8", "convert_uchar_sat_rte of a float", "conversion", chain_ops * s.cvt_iters, 1, false,
                 [&](std::uint32_t g) { return replay_cvt_f32_u8(s, a, g); }),
             out, a.f2u_step);
    set_args(add("local_f32", "a float load from local memory: 4 bytes", "byte", local_ops, 4, true,
                 [&](std::uint32_t g) { return replay_local_f32(s, a, tile32, g); }),
             src32, out, a.local_step);
    set_args(add("local_u8", "a uchar load from local memory: 1 byte", "byte", local_ops, 1, false,
                 [&](std::uint32_t g) { return replay_local_u8(s, a, tile8, g); }),
             src8, out, a.local_step);

    r.probes = verify_and_time(rt, probes, out, s, o, r.refused);
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "measuring the roofline probes on " + info.name);
  }
  return r;
}

}  // namespace filterlab::measure
