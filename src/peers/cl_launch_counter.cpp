// A shared library that OpenCV loads as its OpenCL runtime (OPENCV_OPENCL_RUNTIME): it defines only
// clEnqueueNDRangeKernel, counts the launches and the device of each launch's queue, and forwards to
// the ICD loader's definition (this library's own dependency). Every other OpenCL symbol
// OpenCV asks for resolves in that dependency. The counts are the proof that a UMat call ran OpenCL
// kernels, and on which device: OpenCV falls back to its CPU code silently.
#include <dlfcn.h>

#include <atomic>
#include <cstdint>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "peers/cl_launch_counter.h"

namespace {
std::atomic<std::uint64_t> g_launches{0};
std::atomic<std::uint64_t> g_foreign{0};  // launches on a queue of another device than the expected one
std::atomic<cl_device_id> g_expected{nullptr};

using EnqueueFn = cl_int (*)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*, const size_t*, cl_uint,
                             const cl_event*, cl_event*);
// The ICD loader's definition: looked up through its own handle (it is this library's dependency,
// so it is loaded; RTLD_NEXT would miss it when it was loaded before this library).
EnqueueFn next_enqueue() {
  static const auto fn = [] {
    void* icd = dlopen("libOpenCL.so.1", RTLD_LAZY | RTLD_NOLOAD);
    return icd ? reinterpret_cast<EnqueueFn>(dlsym(icd, "clEnqueueNDRangeKernel")) : nullptr;
  }();
  return fn;
}
}  // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dims,
                                                       const size_t* offset, const size_t* global, const size_t* local,
                                                       cl_uint n_wait, const cl_event* wait, cl_event* event) {
  const EnqueueFn next = next_enqueue();
  if (!next) return CL_INVALID_OPERATION;
  const cl_int rc = next(queue, kernel, dims, offset, global, local, n_wait, wait, event);
  if (rc == CL_SUCCESS) {
    g_launches.fetch_add(1);
    const cl_device_id expected = g_expected.load();
    cl_device_id dev = nullptr;
    if (expected &&
        (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof dev, &dev, nullptr) != CL_SUCCESS || dev != expected))
      g_foreign.fetch_add(1);
  }
  return rc;
}

std::uint64_t filterlab_cl_kernel_launches(void) { return g_launches.load(); }
std::uint64_t filterlab_cl_foreign_launches(void) { return g_foreign.load(); }
void filterlab_cl_expect_device(void* device) { g_expected.store(static_cast<cl_device_id>(device)); }

}  // extern "C"
