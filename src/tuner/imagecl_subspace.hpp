#pragma once
// The documented sub-spaces of the ImageCL benchmark kernels on which the exhaustive search (the
// ground truth of search efficiency) runs. Each keeps the parameters of the paper's Table 1 that
// its Tables 2-5 show changing between devices (work-group size, coarsening, thread mapping, image
// and local memory) at the values its GPU columns chose, and fixes the ones the paper found always
// on (constant memory) or that decide little (output image memory, unroll factors: full unrolling).
// Sizes: 192 each, harris_response 192 with its dx/dy switches tied (Table 5 sets them alike on
// every device).
//
// The "wide" sub-spaces keep the same switches but widen work-groups (16..128 x 1..16) and
// coarsening (1, 2, 4 per axis): 1,440 points each before the device's limits. They exist for search
// efficiency: 192 points are too few to tell strategies apart at 100 or 400 evaluations. Their
// exhaustive search runs on GPUs by default (3-5 minutes each on the H200), where the issue sets its
// efficiency target; `run tuning --wide 1` runs it on CPU devices too.
//
// The "regs" sub-space (the 8-bit convolution only) enumerates the compiler's register
// transformations switched on: window, vector loads and stores, interior split (243 points
// before the space's constraints and the device's limits). It runs where the wide ones run, as do
// "slide" (regs with sliding rows) and "staged" (the 8-bit convolution's local tile of pixels or of
// floats converted while staging, 432 points). "split" holds the fused kernels' interior split.
#include <string>
#include <vector>

namespace filterlab::tuner {

struct SubParam {
  std::string name;                  // the tuner parameter
  std::vector<std::string> targets;  // ImageCL parameters set to its value (tied when several)
  std::vector<long> values;
};
struct Fixed {
  std::string param;
  long value;  // -1: the largest value of the parameter (full unrolling)
};
struct SubSpace {
  std::string
      kind;  // "sub", "wide", "regs", "split", "slide", "staged", "private", "window", "rows" or "simd"
  std::string kernel;
  std::string rationale;
  std::vector<SubParam> params;
  std::vector<Fixed> fixed;  // every ImageCL parameter not in `params` must be listed
};

// kind "sub", "wide" or "regs"; throws filterlab::Error for unknown kernels or kinds.
const SubSpace& imagecl_subspace(const std::string& kernel, const std::string& kind = "sub");
// Whether `kernel` has a sub-space of that kind (the fused kernels have no wide one, only conv2d_u8 a regs one).
bool has_imagecl_subspace(const std::string& kernel, const std::string& kind);
const std::vector<std::string>& subspace_kinds();  // {"sub", "wide", "regs", ..., "window", "rows", "simd"}
// Whether a space name ("imagecl.<kernel>:<kind>") is one of the larger sub-spaces (wide, regs,
// slide, staged), whose exhaustive search runs on GPUs by default.
bool is_large_subspace(const std::string& space_name);
// Whether a space name is a CPU code path's sub-space (rows, simd), whose exhaustive search runs on CPUs
// by default (on GPUs with --wide 1; never with --wide 0).
bool is_cpu_subspace(const std::string& space_name);

}  // namespace filterlab::tuner
