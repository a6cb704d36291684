#pragma once
// CUDA plumbing without NPP: errors, pitched device images, upload and download of .npy images.

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "../npp/npy_lite.hpp"

namespace cuda_hand {

using npp_peers::HostImage;

inline void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

// Rows start at multiples of 512 bytes, so every 16-byte vector at a column that is a multiple of
// 16 bytes is aligned; the padding is zeroed once and never read as pixels (kernels check widths).
struct DevImage {
  int width = 0, height = 0;
  bool u8 = false;
  std::size_t pitch = 0;  // bytes
  void* ptr = nullptr;

  DevImage(int w, int h, bool is_u8) : width(w), height(h), u8(is_u8) {
    const std::size_t row = static_cast<std::size_t>(w) * (u8 ? 1 : 4);
    pitch = (row + 511) / 512 * 512;
    cuda_check(cudaMalloc(&ptr, pitch * static_cast<std::size_t>(h)), "cudaMalloc image");
    cuda_check(cudaMemset(ptr, 0, pitch * static_cast<std::size_t>(h)), "cudaMemset image");
  }
  DevImage(const DevImage&) = delete;
  DevImage& operator=(const DevImage&) = delete;
  ~DevImage() { cudaFree(ptr); }

  std::size_t row_bytes() const { return static_cast<std::size_t>(width) * (u8 ? 1 : 4); }
  std::size_t pixel_bytes() const { return row_bytes() * static_cast<std::size_t>(height); }
  float* f() const { return static_cast<float*>(ptr); }
  std::uint8_t* b() const { return static_cast<std::uint8_t*>(ptr); }
  int pitch_floats() const { return static_cast<int>(pitch / 4); }
  int pitch_bytes() const { return static_cast<int>(pitch); }
};

inline void upload(const HostImage& img, DevImage& d) {
  if (img.width != d.width || img.height != d.height || img.u8 != d.u8)
    throw std::runtime_error("upload: the device image does not match the host image");
  const void* src = img.u8 ? static_cast<const void*>(img.b.data()) : static_cast<const void*>(img.f.data());
  cuda_check(cudaMemcpy2D(d.ptr, d.pitch, src, d.row_bytes(), d.row_bytes(), static_cast<std::size_t>(d.height),
                          cudaMemcpyHostToDevice),
             "upload");
}

inline HostImage download(const DevImage& d) {
  HostImage img;
  img.width = d.width;
  img.height = d.height;
  img.u8 = d.u8;
  const std::size_t n = static_cast<std::size_t>(d.width) * static_cast<std::size_t>(d.height);
  void* dst;
  if (d.u8) {
    img.b.resize(n);
    dst = img.b.data();
  } else {
    img.f.resize(n);
    dst = img.f.data();
  }
  cuda_check(cudaMemcpy2D(dst, d.row_bytes(), d.ptr, d.pitch, d.row_bytes(), static_cast<std::size_t>(d.height),
                          cudaMemcpyDeviceToHost),
             "download");
  return img;
}

}  // namespace cuda_hand
