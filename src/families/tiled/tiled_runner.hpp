#pragma once
// A Study 4 variant compiled for one device and border mode: filters a source ROI of one buffer
// into a target ROI of another, optionally counting memory accesses and arithmetic (FL_COUNT).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "families/tiled/tiled_variant.hpp"
#include "ocl/program.hpp"
#include "ocl/runtime.hpp"
#include "reference/image.hpp"
#include "reference/roi_filter.hpp"

namespace filterlab {

// An image of `width` x `height` floats in a device buffer (row pitch = width).
struct DeviceImage {
  cl::Buffer buffer;
  int width = 0, height = 0;
};
DeviceImage upload_image(ocl::Runtime& rt, const ref::Image& img, const std::string& what);
DeviceImage allocate_image(ocl::Runtime& rt, int width, int height, const std::string& what);
ref::Image download_image(ocl::Runtime& rt, const DeviceImage& img);

// What an instrumented run counted, summed over its work-groups, per group class (index:
// free_read + 2 * free_write; the designs without classes count everything in class 0).
enum TiledCounter { kGlobalReads, kGlobalWrites, kLocalReads, kLocalWrites, kArithmetic, kGroups, kCounters };
struct TiledCounts {
  std::array<std::array<std::uint64_t, kCounters>, 4> by_class{};
  std::uint64_t total(TiledCounter c) const;
};

class TiledRunner {
 public:
  // `count`: build the instrumented kernels (slower; for the counts table and tests only).
  TiledRunner(ocl::Runtime& rt, const TiledVariant& variant, ref::Border border, float border_value = 0.0f,
              bool count = false);

  // Filters src(sroi) into dst(troi); both ROIs valid and of equal size (throws filterlab::Error
  // otherwise). Returns the profiling events (two for two-pass).
  std::vector<cl::Event> enqueue(const DeviceImage& src, const ref::Roi& sroi, DeviceImage& dst, const ref::Roi& troi);
  // Counted build only: zeroes the counters, filters, and returns what the kernels counted.
  TiledCounts count(const DeviceImage& src, const ref::Roi& sroi, DeviceImage& dst, const ref::Roi& troi);

  const TiledVariant& variant() const { return variant_; }
  const ocl::ProgramSource& source() const { return source_; }
  const std::string& options() const { return options_; }

 private:
  void launch(cl::Kernel& k, const cl::Buffer& in, int in_pitch, int ix0, int iy0, const cl::Buffer& out, int out_pitch,
              int ox0, int oy0, int w, int h, const cl::Buffer& weights_a, const cl::Buffer* weights_b, float bv,
              std::vector<cl::Event>& events);
  ocl::Runtime& rt_;
  TiledVariant variant_;
  float border_value_;
  bool count_;
  ocl::ProgramSource source_;
  std::string options_;
  cl::Kernel kernel_;
  cl::Buffer wx_, wy_, counters_;
  float pass2_border_ = 0.0f;  // two-pass: the constant seen by pass 2 (a filtered constant row)
  cl::Buffer tmp_;             // two-pass: the transposed intermediate
  std::size_t tmp_pixels_ = 0;
};

// Throws filterlab::Error (with what to do) if the ROIs do not fit their images or differ in size.
void check_rois(const ref::Roi& sroi, int src_w, int src_h, const ref::Roi& troi, int dst_w, int dst_h);

// Convenience for `filter`, `verify` and the tests: target with target(troi) filtered from src(sroi).
ref::Image apply_tiled(ocl::Runtime& rt, const TiledVariant& v, const ref::Image& src, const ref::Roi& sroi,
                       const ref::Image& target, const ref::Roi& troi, ref::Border border, float border_value = 0.0f);

}  // namespace filterlab
