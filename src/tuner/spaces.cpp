#include "tuner/spaces.hpp"

#include "error.hpp"
#include "families/family.hpp"

namespace filterlab::tuner {

TimingSetup default_timing(const ocl::DeviceInfo& dev, const SpaceSettings& s) {
  TimingSetup t;
  t.repetitions = s.repetitions > 0 ? s.repetitions : (dev.is_cpu() ? 3 : 10);
  t.warmup = s.warmup >= 0 ? s.warmup : (dev.is_cpu() ? 1 : 2);
  return t;
}

TimingSetup timing_for(const std::string& space, const ocl::DeviceInfo& dev, const SpaceSettings& s) {
  TimingSetup t = default_timing(dev, s);
  if (space.rfind("imagecl.", 0) != 0) throw Error("internal: timing_for takes ImageCL spaces, not '" + space + "'");
  auto k = space.substr(std::string("imagecl.").size());
  k = k.substr(0, k.find(':'));
  t.side = imagecl_side(k, dev, s.cpu_divisor);
  t.check_side = check_side_for(t.side);
  t.extra_build_options = s.extra_build_options;
  return t;
}

std::unique_ptr<Space> make_space(const std::string& name, ocl::Runtime& rt, const SpaceSettings& s) {
  // Only the ImageCL spaces build with them (timing_for); another space would silently drop them.
  if (!s.extra_build_options.empty() && name.rfind("imagecl.", 0) != 0)
    throw Error("extra build options apply to the ImageCL spaces only, not to " + name,
                "give an imagecl.<kernel>[:kind] space");
  for (const auto& f : filter_families())
    if (auto space = f->tuning_space(name, rt, s)) return space;
  std::string names;
  for (const auto& n : space_names()) names += " " + n;
  throw Error("unknown tuning space '" + name + "'",
              "use imagecl.<kernel> (full space), imagecl.<kernel>:sub, imagecl.<kernel>:wide or one of:" + names);
}

std::vector<std::string> space_names() {
  std::vector<std::string> out;
  for (const auto& f : filter_families())
    for (auto& n : f->tuning_spaces()) out.push_back(std::move(n));
  return out;
}

std::string cache_path(const std::string& dir, const std::string& space) {
  std::string f = space;
  for (auto& c : f)
    if (c == ':' || c == '/') c = '_';
  return dir + "/" + f + ".jsonl";
}

}  // namespace filterlab::tuner
