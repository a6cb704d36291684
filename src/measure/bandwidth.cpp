#include "measure/bandwidth.hpp"

#include <algorithm>
#include <vector>

#include "measure/protocol.hpp"
#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/program.hpp"

namespace filterlab::measure {

Bandwidth measure_copy_bandwidth(ocl::Runtime& rt, std::uint64_t bytes, int reps) {
  const auto& info = rt.device.info;
  if (bytes == 0) {
    bytes = info.is_cpu() ? (128ull << 20) : (1ull << 30);
    bytes = std::min<std::uint64_t>(bytes, info.max_alloc_bytes / 2);
  }
  bytes -= bytes % (16 * 1024);  // whole float4s and whole work-groups
  ocl::check_allocation(info, bytes, "the bandwidth probe's buffer");
  ocl::check_total_memory(info, 3 * bytes, "the bandwidth probe");
  Bandwidth bw;
  bw.bytes_per_copy = bytes;
  try {
    const auto program = ocl::build_program(rt.context, rt.device, ocl::load_program_source({"probe/copy.cl"}), "");
    cl::Kernel kernel(program, "copy_float4");
    cl::Kernel split(program, "copy_split_float4");
    cl::Buffer src(rt.context, CL_MEM_READ_WRITE, bytes), dst(rt.context, CL_MEM_READ_WRITE, bytes);
    cl::Buffer dst2(rt.context, CL_MEM_READ_WRITE, bytes);
    rt.queue.enqueueFillBuffer(src, 1.5f, 0, bytes);  // touch every buffer before timing
    rt.queue.enqueueFillBuffer(dst, 0.0f, 0, bytes);
    rt.queue.enqueueFillBuffer(dst2, 0.0f, 0, bytes);
    kernel.setArg(0, src);
    kernel.setArg(1, dst);
    split.setArg(0, src);
    split.setArg(1, dst);
    split.setArg(2, dst2);
    const cl::NDRange global(bytes / 16);
    auto run_kernel = [&] {
      cl::Event e;
      rt.queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, cl::NullRange, nullptr, &e);
      return std::vector<cl::Event>{e};
    };
    auto run_copy = [&] {
      cl::Event e;
      rt.queue.enqueueCopyBuffer(src, dst, 0, 0, bytes, nullptr, &e);
      return std::vector<cl::Event>{e};
    };
    auto run_split = [&] {
      cl::Event e;
      rt.queue.enqueueNDRangeKernel(split, cl::NullRange, global, cl::NullRange, nullptr, &e);
      return std::vector<cl::Event>{e};
    };
    LaunchCase k(rt.queue, run_kernel), c(rt.queue, run_copy), sp(rt.queue, run_split);
    // Warm-up: compilation, first touch, clocks. Rounds in a shuffled order, so that drift affects
    // all three alike. Copies have no oracle: the byte counts are the measurement.
    Protocol protocol;
    protocol.warmup = 3;
    protocol.rounds = reps;
    protocol.check_after = false;
    measure({&k, &c, &sp}, protocol);
    const auto& k_ms = k.samples.kernel_ms;
    const auto& c_ms = c.samples.kernel_ms;
    const auto& sp_ms = sp.samples.kernel_ms;
    bw.kernel_copy_ms = summarize(k_ms);
    bw.enqueue_copy_ms = summarize(c_ms);
    bw.split_copy_ms = summarize(sp_ms);
    bw.kernel_copy_samples_ms = k_ms;
    bw.enqueue_copy_samples_ms = c_ms;
    bw.split_copy_samples_ms = sp_ms;
  } catch (const cl::Error& e) {
    ocl::rethrow(e, "measuring copy bandwidth on " + info.name);
  }
  const double moved = 2.0 * static_cast<double>(bytes);
  bw.kernel_GBps = moved / (bw.kernel_copy_ms.median * 1e-3) / 1e9;
  bw.enqueue_GBps = moved / (bw.enqueue_copy_ms.median * 1e-3) / 1e9;
  bw.split_GBps = 3.0 * static_cast<double>(bytes) / (bw.split_copy_ms.median * 1e-3) / 1e9;
  return bw;
}

}  // namespace filterlab::measure
