#include "tuner/spaces.hpp"

#include "error.hpp"
#include "imagecl/space.hpp"
#include "tuner/scharr_space.hpp"
#include "tuner/tiled_space.hpp"

namespace filterlab::tuner {

TimingSetup timing_for(const std::string& space, const ocl::DeviceInfo& dev, const SpaceSettings& s) {
  TimingSetup t;
  t.repetitions = s.repetitions > 0 ? s.repetitions : (dev.is_cpu() ? 3 : 10);
  t.warmup = s.warmup >= 0 ? s.warmup : (dev.is_cpu() ? 1 : 2);
  if (space == kTiledSpace) {
    t.side = dev.is_cpu() ? 4096 / s.cpu_divisor : 4096;
  } else if (space == kScharrSpace) {
    t.side = 0;  // ScharrSpace takes its own width and height
  } else {
    auto k = space.substr(std::string("imagecl.").size());
    k = k.substr(0, k.find(':'));
    t.side = imagecl_side(k, dev, s.cpu_divisor);
    t.check_side = check_side_for(t.side);
  }
  return t;
}

std::unique_ptr<Space> make_space(const std::string& name, ocl::Runtime& rt, const SpaceSettings& s) {
  const auto& dev = rt.device.info;
  if (name == kTiledSpace) return std::make_unique<TiledSpace>(&rt, timing_for(name, dev, s));
  if (name == kScharrSpace) {  // Study 1's base level, 3866 x 4320, divided on CPU devices
    const int d = dev.is_cpu() ? s.cpu_divisor : 1;
    return std::make_unique<ScharrSpace>(&rt, 3866 / d, 4320 / d, timing_for(name, dev, s));
  }
  if (name.rfind("imagecl.", 0) == 0) {
    auto kernel = name.substr(8);
    const auto colon = kernel.find(':');
    const std::string kind = colon == std::string::npos ? "" : kernel.substr(colon + 1);
    kernel = kernel.substr(0, colon);
    imagecl::kernel_space(kernel);  // throws listing the kernels
    return std::make_unique<ImageclSpace>(&rt, dev, kernel, kind.empty() ? nullptr : &imagecl_subspace(kernel, kind),
                                          timing_for(name, dev, s));
  }
  std::string names;
  for (const auto& n : space_names()) names += " " + n;
  throw Error("unknown tuning space '" + name + "'", "use imagecl.<kernel> (full space), imagecl.<kernel>:sub, imagecl.<kernel>:wide or one of:" + names);
}

std::vector<std::string> space_names() {
  std::vector<std::string> out;
  for (const auto& kind : subspace_kinds())
    for (const auto* k : {"sepconv_row", "sepconv_col", "conv2d_u8", "harris_sobel", "harris_response"})
      out.push_back(std::string("imagecl.") + k + ":" + kind);
  out.push_back(kTiledSpace);
  out.push_back(kScharrSpace);
  return out;
}

std::string cache_path(const std::string& dir, const std::string& space) {
  std::string f = space;
  for (auto& c : f)
    if (c == ':' || c == '/') c = '_';
  return dir + "/" + f + ".jsonl";
}

}  // namespace filterlab::tuner
