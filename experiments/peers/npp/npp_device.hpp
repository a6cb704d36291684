#pragma once
// CUDA and NPP plumbing: errors, pitched device images, kernels in device memory, the stream
// context, and BORDER_REFLECT_101 padding made of NPP calls.

#include <cuda_runtime.h>
#include <npp.h>

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "npy_lite.hpp"

namespace npp_peers {

inline void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

// An NPP call that failed: the status is part of the result (e.g. NPP_NOT_SUPPORTED_MODE_ERROR = -9999).
struct NppFailure : std::runtime_error {
  int status;
  NppFailure(const std::string& call, int s)
      : std::runtime_error(call + " returned NppStatus " + std::to_string(s)), status(s) {}
};

#define NPP_CALL(expr)                                         \
  do {                                                         \
    const NppStatus npp_status_ = (expr);                      \
    if (npp_status_ < 0) throw NppFailure(#expr, npp_status_); \
  } while (0)

// A pitched single-channel device image (nppiMalloc: the pitch NPP prefers).
struct DevImage {
  int width = 0, height = 0, step = 0;
  bool u8 = false;
  void* ptr = nullptr;
  bool owned = true;
  DevImage() = default;
  DevImage(int w, int h, bool is_u8) : width(w), height(h), u8(is_u8) {
    ptr = u8 ? static_cast<void*>(nppiMalloc_8u_C1(w, h, &step)) : static_cast<void*>(nppiMalloc_32f_C1(w, h, &step));
    if (!ptr) throw std::runtime_error("nppiMalloc failed for " + std::to_string(w) + "x" + std::to_string(h));
  }
  // A view of the w x h region at (x, y) of `base` (not owned): the interior of a padded result.
  DevImage(const DevImage& base, int x, int y, int w, int h)
      : width(w),
        height(h),
        step(base.step),
        u8(base.u8),
        ptr(u8 ? static_cast<void*>(base.b(x, y)) : static_cast<void*>(base.f(x, y))),
        owned(false) {}
  DevImage(const DevImage&) = delete;
  DevImage& operator=(const DevImage&) = delete;
  ~DevImage() {
    if (ptr && owned) nppiFree(ptr);
  }
  Npp32f* f(int x = 0, int y = 0) const {
    return reinterpret_cast<Npp32f*>(static_cast<char*>(ptr) + static_cast<std::size_t>(y) * step) + x;
  }
  Npp8u* b(int x = 0, int y = 0) const { return static_cast<Npp8u*>(ptr) + static_cast<std::size_t>(y) * step + x; }
  NppiSize size() const { return {width, height}; }
};
using DevPtr = std::shared_ptr<DevImage>;

inline DevPtr upload(const HostImage& img) {
  auto d = std::make_shared<DevImage>(img.width, img.height, img.u8);
  const std::size_t row = static_cast<std::size_t>(img.width) * (img.u8 ? 1 : 4);
  const void* src = img.u8 ? static_cast<const void*>(img.b.data()) : static_cast<const void*>(img.f.data());
  cuda_check(cudaMemcpy2D(d->ptr, static_cast<std::size_t>(d->step), src, row, row,
                          static_cast<std::size_t>(img.height), cudaMemcpyHostToDevice),
             "upload");
  return d;
}

inline HostImage download(const DevImage& d) {
  HostImage img;
  img.width = d.width;
  img.height = d.height;
  img.u8 = d.u8;
  const std::size_t row = static_cast<std::size_t>(d.width) * (d.u8 ? 1 : 4);
  void* dst;
  if (d.u8) {
    img.b.resize(static_cast<std::size_t>(d.width) * static_cast<std::size_t>(d.height));
    dst = img.b.data();
  } else {
    img.f.resize(static_cast<std::size_t>(d.width) * static_cast<std::size_t>(d.height));
    dst = img.f.data();
  }
  cuda_check(cudaMemcpy2D(dst, row, d.ptr, static_cast<std::size_t>(d.step), row, static_cast<std::size_t>(d.height),
                          cudaMemcpyDeviceToHost),
             "download");
  return img;
}

// Device copies of filter coefficients (NPP reads kernels from device memory).
struct DevKernel {
  Npp32f* f = nullptr;
  Npp32s* i = nullptr;
  int size = 0;
  DevKernel(const std::vector<float>& v) : size(static_cast<int>(v.size())) {
    cuda_check(cudaMalloc(&f, v.size() * 4), "cudaMalloc kernel");
    cuda_check(cudaMemcpy(f, v.data(), v.size() * 4, cudaMemcpyHostToDevice), "kernel upload");
  }
  DevKernel(const std::vector<int>& v) : size(static_cast<int>(v.size())) {
    cuda_check(cudaMalloc(&i, v.size() * 4), "cudaMalloc kernel");
    cuda_check(cudaMemcpy(i, v.data(), v.size() * 4, cudaMemcpyHostToDevice), "kernel upload");
  }
  DevKernel(const DevKernel&) = delete;
  DevKernel& operator=(const DevKernel&) = delete;
  ~DevKernel() {
    if (f) cudaFree(f);
    if (i) cudaFree(i);
  }
};

inline NppStreamContext make_context(cudaStream_t stream) {
  NppStreamContext c{};
  int dev = 0;
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  c.hStream = stream;
  c.nCudaDeviceId = dev;
  cudaDeviceProp p{};
  cuda_check(cudaGetDeviceProperties(&p, dev), "cudaGetDeviceProperties");
  c.nMultiProcessorCount = p.multiProcessorCount;
  c.nMaxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
  c.nMaxThreadsPerBlock = p.maxThreadsPerBlock;
  c.nSharedMemPerBlock = p.sharedMemPerBlock;
  c.nCudaDevAttrComputeCapabilityMajor = p.major;
  c.nCudaDevAttrComputeCapabilityMinor = p.minor;
  unsigned flags = 0;
  cuda_check(cudaStreamGetFlags(stream, &flags), "cudaStreamGetFlags");
  c.nStreamFlags = flags;
  return c;
}

// BORDER_REFLECT_101 padding by r pixels with NPP only: the image into the middle, then four mirrored
// strips (left/right columns 1..r and W-1-r..W-2; then top/bottom rows over the full padded width).
inline void pad_reflect101(const DevImage& src, const DevImage& padded, int r, const NppStreamContext& ctx) {
  const int w = src.width, h = src.height;
  NPP_CALL(nppiCopy_32f_C1R_Ctx(src.f(), src.step, padded.f(r, r), padded.step, src.size(), ctx));
  const NppiSize cols{r, h}, rows{w + 2 * r, r};
  NPP_CALL(nppiMirror_32f_C1R_Ctx(padded.f(r + 1, r), padded.step, padded.f(0, r), padded.step, cols, NPP_VERTICAL_AXIS,
                                  ctx));
  NPP_CALL(nppiMirror_32f_C1R_Ctx(padded.f(w - 1, r), padded.step, padded.f(w + r, r), padded.step, cols,
                                  NPP_VERTICAL_AXIS, ctx));
  NPP_CALL(nppiMirror_32f_C1R_Ctx(padded.f(0, r + 1), padded.step, padded.f(0, 0), padded.step, rows,
                                  NPP_HORIZONTAL_AXIS, ctx));
  NPP_CALL(nppiMirror_32f_C1R_Ctx(padded.f(0, h - 1), padded.step, padded.f(0, h + r), padded.step, rows,
                                  NPP_HORIZONTAL_AXIS, ctx));
}
constexpr int kPadCalls = 5;

}  // namespace npp_peers
