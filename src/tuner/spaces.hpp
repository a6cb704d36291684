#pragma once
// Every space the tuner knows by name: "imagecl.<kernel>" (the kernel's full space),
// "imagecl.<kernel>:sub" and ":wide" (its documented sub-spaces), "study4.tiled_k5" (Study 4's designs) and
// "study1.scharr_k5" (Study 1's families x storages x work-groups).
#include <memory>
#include <string>
#include <vector>

#include "ocl/runtime.hpp"
#include "tuner/imagecl_space.hpp"
#include "tuner/space.hpp"
#include "util/cpu_side_divisor.hpp"

namespace filterlab::tuner {

struct SpaceSettings {
  int cpu_divisor = kCpuSideDivisor;  // image sides on CPU devices: the paper's / this
  int repetitions = 0;                // 0: 10 on GPUs, 3 on CPUs
  int warmup = -1;                    // -1: 2 on GPUs, 1 on CPUs
  std::string extra_build_options;    // ImageCL spaces: appended to every configuration's -D switches
};
// The repetitions and warm-up of every space (SpaceSettings' or the device's default); side 0.
TimingSetup default_timing(const ocl::DeviceInfo& dev, const SpaceSettings& s);
// default_timing with the image side of an ImageCL space ("imagecl.<kernel>[:kind]").
TimingSetup timing_for(const std::string& space, const ocl::DeviceInfo& dev, const SpaceSettings& s);

// Throws for an unknown name, and for extra build options given to a space that is not ImageCL's.
std::unique_ptr<Space> make_space(const std::string& name, ocl::Runtime& rt, const SpaceSettings& s);
// The `run tuning` set: the sub-spaces, the wide sub-spaces and the hand-written spaces.
std::vector<std::string> space_names();

// "<dir>/<space with ':' and '/' as '_'>.jsonl"
std::string cache_path(const std::string& dir, const std::string& space);

}  // namespace filterlab::tuner
