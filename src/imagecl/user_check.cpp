#include "imagecl/user_check.hpp"

#include <algorithm>
#include <cmath>

#include "error.hpp"
#include "imagecl/pixel_layout.hpp"

namespace filterlab::imagecl {

std::map<std::string, ref::Image> run_on_device(ocl::Runtime& rt, const KernelSpace& s, const Config& c,
                                                const Args& args) {
  Launcher l(rt, s, c);
  l.bind(args);
  l.enqueue();
  rt.queue.finish();
  std::map<std::string, ref::Image> out;
  for (const auto& a : s.args)
    if (a.kind == "image" && a.access == "write") out[a.name] = l.download(a.name);
  l.release();
  return out;
}

double allowed_difference(bool float_pixel, bool inexact_builtins, double want, double spread, double tol) {
  if (float_pixel) return tol * std::max(1.0, std::fabs(want)) + 2.0 * spread;
  return inexact_builtins ? 1.0 + 2.0 * spread : 0.0;
}

Judgement judge(const KernelSpace& s, const std::map<std::string, ref::Image>& device,
                const std::map<std::string, ref::Image>& reference, double float_tolerance,
                const std::map<std::string, ref::Image>& spread) {
  Judgement j;
  const double tol = float_tolerance < 0 ? kFloatTolerance : float_tolerance;
  for (const auto& [name, want] : reference) {
    const auto it = device.find(name);
    if (it == device.end()) throw Error("the device run returned no Image '" + name + "'");
    const auto& got = it->second;
    if (got.width != want.width || got.height != want.height)
      throw Error("Image " + name + " is " + std::to_string(got.width) + "x" + std::to_string(got.height) +
                  " on the device but " + std::to_string(want.width) + "x" + std::to_string(want.height) +
                  " in the reference");
    const auto px = pixel_layout(s.arg(name).type);  // vector pixels: `lanes` values per pixel
    const auto& type = px.element;
    const bool is_float = type == "float" || type == "double" || type == "half";
    const bool stepped = !is_float && !s.inexact_builtins.empty();
    const bool exact = !is_float && !stepped;
    if (!exact) j.tolerance = tol;
    if (stepped) j.integer_steps = true;
    const auto sp = spread.find(name);
    const bool spread_known = sp != spread.end();
    if (spread_known && (sp->second.width != want.width || sp->second.height != want.height))
      throw Error("the reference's spread of Image " + name + " has another size than its output");
    for (int y = 0; y < want.height; ++y)
      for (int x = 0; x < want.width; ++x) {
        const double r = want.at(x, y), d = got.at(x, y);
        const double diff = std::fabs(d - r);
        const double bound = allowed_difference(is_float, stepped, r, spread_known ? sp->second.at(x, y) : 0.0, tol);
        const bool bad = !(diff <= bound) && !(std::isnan(r) && std::isnan(d));
        if (std::isnan(diff) ? bad : diff > j.max_diff) j.max_diff = std::isnan(diff) ? INFINITY : diff;
        if (bad && j.passed) {
          j.passed = false;
          const std::string lane = px.lanes > 1 ? " lane " + std::to_string(x % px.lanes) : "";
          j.where = name + " (" + std::to_string(x / px.lanes) + ", " + std::to_string(y) + ")" + lane + ": device " +
                    std::to_string(d) + ", reference " + std::to_string(r);
        }
      }
  }
  return j;
}

}  // namespace filterlab::imagecl
