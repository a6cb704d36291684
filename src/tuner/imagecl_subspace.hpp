#pragma once
// The documented sub-spaces of the ImageCL benchmark kernels on which the exhaustive search (the
// ground truth of search efficiency) runs. Each keeps the parameters of the paper's Table 1 that
// its Tables 2-5 show changing between devices (work-group size, coarsening, thread mapping, image
// and local memory) at the values its GPU columns chose, and fixes the ones the paper found always
// on (constant memory) or that decide little (output image memory, unroll factors: full unrolling).
// Sizes (valid on a device with 1024 work-items and 48 KiB of local memory): 192 each, harris_response
// 192 with its dx/dy switches tied (Table 5 sets them alike on every device).
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
  std::string kernel;
  std::string rationale;
  std::vector<SubParam> params;
  std::vector<Fixed> fixed;  // every ImageCL parameter not in `params` must be listed
};

const SubSpace& imagecl_subspace(const std::string& kernel);  // throws filterlab::Error for unknown kernels

}  // namespace filterlab::tuner
