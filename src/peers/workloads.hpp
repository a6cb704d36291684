#pragma once
// The peers comparison's four workloads: what each computes, on which inputs, the oracle's answer
// for every operation and the tolerance it is judged by. Every peer runs the same `Job`s.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/image.hpp"
#include "reference/scharr.hpp"

namespace filterlab::peers {

enum class OpKind { Scharr, SepConv, Conv2dU8, Harris };

// One filter application: an input image, the oracle's output and the tolerance (max |error|).
struct Job {
  OpKind kind = OpKind::Scharr;
  int ksize = 3;
  ref::Axis axis = ref::Axis::X;            // Scharr only
  std::shared_ptr<const ref::Image> input;  // 8-bit workloads hold integer values 0..255
  std::shared_ptr<const ref::Image> oracle;
  double tolerance = 0;
  std::string label;  // e.g. "level 5 d/dy"
};

struct Workload {
  std::string name;  // scharr_pyramid, sepconv5, conv2d5_u8, harris
  std::string id;    // name plus size or ksize: the stable part of row IDs
  int ksize = 0;
  int width = 0, height = 0;    // the input (workload 1: the base level)
  bool u8 = false;              // 8-bit input and output
  std::vector<Job> jobs;        // one timed sample runs every job once, in order
  std::uint64_t pixels = 0;     // output pixels per sample
  std::uint64_t bytes_min = 0;  // one read of every input pixel and one write of every output pixel
  std::string border;           // OpenCV's name of the border
  std::string definition;       // what is computed, in words
  std::string input_note;
};

// Workload 1: d/dx and d/dy of every level of the 16-level pyramid (from `base_image` reduced by
// `scale`), ksize 3, 5, 7 or 9, BORDER_REFLECT_101: the scharr_gradient_variants study's work.
Workload scharr_pyramid_workload(const std::string& base_image, int scale, int ksize);
// Workload 2: 5x5 separable (binomial weights, ref::sepconv_weights5) on an n x n float image in [0, 1), constant-0
// border.
Workload sepconv_workload(int n, unsigned seed);
// Workload 3: the 5x5 non-separable kernel ref::conv2d_u8_weights5 on an n x n 8-bit image,
// replicated border, saturate(round half to even).
Workload conv2d_u8_workload(int n, unsigned seed);
// Workload 4: Harris as cv::cornerHarris(src, dst, 2, 3, 0.04, BORDER_REFLECT_101) on n x n floats in [0, 1).
Workload harris_workload(int n, unsigned seed);

// A peer's outputs (one per job) against the oracle: passed when every pixel of every job is within
// the job's tolerance; detail names the first failing job and its worst pixel.
struct Judgement {
  bool passed = true;
  double max_abs_error = 0;
  std::string detail;
};
Judgement judge(const Workload& w, const std::vector<ref::Image>& outputs);

ref::Image random_float_image(int n, unsigned seed);  // uniform [0, 1), deterministic
ref::Image random_u8_image(int n, unsigned seed);     // uniform integers 0..255, deterministic

}  // namespace filterlab::peers
