#include "peers/halide_context.hpp"

#include <HalideRuntime.h>
#include <HalideRuntimeCuda.h>
#include <HalideRuntimeOpenCL.h>

#include <atomic>
#include <mutex>
#include <string>

namespace {
std::atomic<cl_context> g_context{nullptr};
std::atomic<cl_command_queue> g_queue{nullptr};
std::atomic<bool> g_used{false};       // has a pipeline initialised Halide's OpenCL runtime?
std::atomic<bool> g_cuda_used{false};  // ... or its CUDA runtime (its own context)?
std::mutex g_error_mutex;
std::string g_last_error;

// Halide's default handler prints and aborts the process; ours keeps the message for the caller,
// whose pipeline call then returns the error code.
void keep_error(void* /*user_context*/, const char* msg) {
  std::lock_guard<std::mutex> lock(g_error_mutex);
  g_last_error = msg ? msg : "";
}
}  // namespace

// Halide's runtime (src/runtime/opencl.cpp) calls these around every use of OpenCL; its own
// definitions are weak. A non-zero return is an error the pipeline reports.
extern "C" int halide_acquire_cl_context(void* /*user_context*/, cl_context* ctx, cl_command_queue* q,
                                         bool /*create*/) {
  *ctx = g_context.load();
  *q = g_queue.load();
  return (*ctx && *q) ? 0 : -1;
}
extern "C" int halide_release_cl_context(void* /*user_context*/) { return 0; }

namespace filterlab::peers {

void install_halide_error_handler() { halide_set_error_handler(keep_error); }

std::string take_halide_error() {
  std::lock_guard<std::mutex> lock(g_error_mutex);
  std::string e;
  e.swap(g_last_error);
  while (!e.empty() && (e.back() == '\n' || e.back() == ' ')) e.pop_back();
  return e;
}

void use_for_halide_opencl(ocl::Runtime& rt) {
  g_context.store(rt.context());
  g_queue.store(rt.queue());
}

void note_halide_opencl_use() { g_used.store(true); }

void release_halide_opencl() {
  if (g_context.load() && g_used.exchange(false)) halide_device_release(nullptr, halide_opencl_device_interface());
  g_context.store(nullptr);
  g_queue.store(nullptr);
}

bool halide_opencl_context_set() { return g_context.load() != nullptr; }

void note_halide_cuda_use() { g_cuda_used.store(true); }

void release_halide_cuda() {
  if (g_cuda_used.exchange(false)) halide_device_release(nullptr, halide_cuda_device_interface());
}

}  // namespace filterlab::peers
