#pragma once
// One timed sample: the L2 flushed (outside the timed region), then CUDA events around the launch.

#include <cuda_runtime.h>

#include <cstddef>
#include <functional>

#include "device_image.cuh"
#include "floor_kernels.cuh"

namespace cuda_hand {

class Timer {
 public:
  // flush_bytes: 2x the device's L2 (cudaDeviceProp::l2CacheSize).
  Timer(cudaStream_t stream, std::size_t flush_bytes, int sms)
      : stream_(stream), n16_((flush_bytes + 15) / 16), sms_(sms) {
    cuda_check(cudaMalloc(&flush_, n16_ * 16), "cudaMalloc flush buffer");
    cuda_check(cudaMemset(flush_, 0, n16_ * 16), "cudaMemset flush buffer");
    cuda_check(cudaMalloc(&sink_, sizeof(unsigned)), "cudaMalloc sink");
    cuda_check(cudaEventCreate(&start_), "cudaEventCreate");
    cuda_check(cudaEventCreate(&end_), "cudaEventCreate");
  }
  Timer(const Timer&) = delete;
  Timer& operator=(const Timer&) = delete;
  ~Timer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(end_);
    cudaFree(flush_);
    cudaFree(sink_);
  }
  std::size_t flush_bytes() const { return n16_ * 16; }

  void flush_l2() {
    l2_flush_read<<<sms_ * 8, 256, 0, stream_>>>(static_cast<const uint4*>(flush_), n16_, sink_);
    cuda_check(cudaGetLastError(), "l2_flush_read launch");
  }

  // Milliseconds between events recorded just before and just after `enqueue`.
  double sample(const std::function<void(cudaStream_t)>& enqueue) {
    flush_l2();
    cuda_check(cudaEventRecord(start_, stream_), "cudaEventRecord");
    enqueue(stream_);
    cuda_check(cudaEventRecord(end_, stream_), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(end_), "cudaEventSynchronize");
    cuda_check(cudaGetLastError(), "kernel launch");
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, start_, end_), "cudaEventElapsedTime");
    return ms;
  }

 private:
  cudaStream_t stream_;
  std::size_t n16_;
  int sms_;
  void* flush_ = nullptr;
  unsigned* sink_ = nullptr;
  cudaEvent_t start_{}, end_{};
};

}  // namespace cuda_hand
