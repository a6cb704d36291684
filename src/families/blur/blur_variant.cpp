#include "families/blur/blur_variant.hpp"

#include <algorithm>

#include "error.hpp"

namespace filterlab {

const std::vector<BlurDesign>& blur_designs() {
  static const std::vector<BlurDesign> d = {
      {"separable", "binomial blur as a row pass then a column pass (two launches, a temporary buffer)", 2},
      {"2d", "binomial blur with K x K taps in one launch", 1},
  };
  return d;
}

const std::vector<int>& blur_sizes() {
  static const std::vector<int> s = {3, 5, 7};
  return s;
}

std::string BlurVariant::id() const {
  return family() + "/buffer/k" + std::to_string(ksize) + "/wg" + std::to_string(local_w) + "x" +
         std::to_string(local_h);
}

const BlurDesign& BlurVariant::traits() const {
  for (const auto& d : blur_designs())
    if (design == d.name) return d;
  throw Error("unknown blur design '" + design + "'");
}

std::vector<std::string> BlurVariant::kernel_files() const {
  return {"common/border.cl", "common/storage.cl", "blur/binomial.cl",
          traits().launches == 2 ? "blur/separable.cl" : "blur/direct.cl"};
}

std::string BlurVariant::build_options(ref::Border border) const {
  // -cl-std=CL1.2: the newest OpenCL C every device we use accepts. FL_STORAGE=0: one float buffer.
  return "-cl-std=CL1.2 -DFL_BLUR_K=" + std::to_string(ksize) +
         " -DFL_BORDER=" + std::to_string(static_cast<int>(border)) + " -DFL_STORAGE=0";
}

std::vector<BlurVariant> registered_blur_variants() {
  std::vector<BlurVariant> out;
  for (const auto& d : blur_designs())
    for (int k : blur_sizes()) out.push_back(BlurVariant{d.name, k, 16, 16});
  return out;
}

BlurVariant make_blur_variant(const std::string& family, int ksize, std::size_t local_w, std::size_t local_h) {
  std::string designs;
  for (const auto& d : blur_designs()) {
    if (family == std::string("blur.") + d.name) {
      const auto& sizes = blur_sizes();
      if (std::find(sizes.begin(), sizes.end(), ksize) == sizes.end())
        throw Error("filter size " + std::to_string(ksize) + " is not supported by " + family, "use 3, 5 or 7");
      return BlurVariant{d.name, ksize, local_w, local_h};
    }
    designs += (designs.empty() ? "blur." : ", blur.") + std::string(d.name);
  }
  throw Error("unknown blur family '" + family + "'", "use " + designs);
}

}  // namespace filterlab
