#include "ocl/bandwidth.hpp"

#include <algorithm>
#include <vector>

#include "ocl/errors.hpp"
#include "ocl/limits.hpp"
#include "ocl/program.hpp"

namespace filterlab::ocl {

Bandwidth measure_copy_bandwidth(Runtime& rt, std::uint64_t bytes, int reps) {
  const auto& info = rt.device.info;
  if (bytes == 0) {
    bytes = info.is_cpu() ? (128ull << 20) : (1ull << 30);
    bytes = std::min<std::uint64_t>(bytes, info.max_alloc_bytes / 2);
  }
  bytes -= bytes % (16 * 1024);  // whole float4s and whole work-groups
  check_allocation(info, bytes, "the bandwidth probe's buffer");
  check_total_memory(info, 3 * bytes, "the bandwidth probe");
  Bandwidth bw;
  bw.bytes_per_copy = bytes;
  try {
    const auto program = build_program(rt.context, rt.device, load_program_source({"probe/copy.cl"}), "");
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
    Samples k, c, sp;
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
    for (int i = 0; i < 3; ++i) {  // warm-up: compilation, first touch, clocks
      Samples ignore;
      take_sample(rt.queue, run_kernel, ignore);
      take_sample(rt.queue, run_copy, ignore);
      take_sample(rt.queue, run_split, ignore);
    }
    for (int i = 0; i < reps; ++i) {  // interleaved so that drift affects all alike
      take_sample(rt.queue, run_kernel, k);
      take_sample(rt.queue, run_copy, c);
      take_sample(rt.queue, run_split, sp);
    }
    bw.kernel_copy_ms = summarize(k.kernel_ms);
    bw.enqueue_copy_ms = summarize(c.kernel_ms);
    bw.split_copy_ms = summarize(sp.kernel_ms);
    bw.kernel_copy_samples_ms = k.kernel_ms;
    bw.enqueue_copy_samples_ms = c.kernel_ms;
    bw.split_copy_samples_ms = sp.kernel_ms;
  } catch (const cl::Error& e) {
    rethrow(e, "measuring copy bandwidth on " + info.name);
  }
  const double moved = 2.0 * static_cast<double>(bytes);
  bw.kernel_GBps = moved / (bw.kernel_copy_ms.median * 1e-3) / 1e9;
  bw.enqueue_GBps = moved / (bw.enqueue_copy_ms.median * 1e-3) / 1e9;
  bw.split_GBps = 3.0 * static_cast<double>(bytes) / (bw.split_copy_ms.median * 1e-3) / 1e9;
  return bw;
}

}  // namespace filterlab::ocl
