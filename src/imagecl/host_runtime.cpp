#include "imagecl/host_runtime.hpp"

#include <sstream>

#include "error.hpp"
#include "imagecl/tuning_db.hpp"

namespace filterlab::imagecl {
namespace {

std::size_t index_of(const KernelSpace& s, const std::string& name) {
  for (std::size_t i = 0; i < s.params.size(); ++i)
    if (s.params[i].name == name) return i;
  return s.params.size();
}

// The largest value of parameter `i` that is at most `want`.
long at_most(const SpaceParam& p, long want) {
  long best = p.values.front();
  for (long v : p.values)
    if (v <= want && v > best) best = v;
  return best;
}

}  // namespace

Config default_config(const KernelSpace& s, const ocl::DeviceInfo& dev) {
  Config c;
  for (const auto& p : s.params) c.push_back(p.values.front());
  const auto wx = index_of(s, "wg_x"), wy = index_of(s, "wg_y");
  if (wx < c.size()) c[wx] = at_most(s.params[wx], 32);
  if (wy < c.size()) c[wy] = at_most(s.params[wy], 4);
  while (!violation(s, c, dev).empty()) {
    if (wy < c.size() && c[wy] > s.params[wy].values.front())
      c[wy] = at_most(s.params[wy], c[wy] / 2);
    else if (wx < c.size() && c[wx] > s.params[wx].values.front())
      c[wx] = at_most(s.params[wx], c[wx] / 2);
    else
      throw Unsupported("kernel " + s.kernel +
                        ": even the smallest default configuration is refused: " + violation(s, c, dev));
  }
  return c;
}

ConfigChoice choose_config(const KernelSpace& s, const std::string& source_sha256, const std::string& generated_sha256,
                           const ocl::DeviceInfo& dev, const std::string& db_path) {
  const std::string db = db_path.empty() ? default_tuning_db() : db_path;
  ConfigChoice choice;
  std::string fallback = "no tuning result for " + dev.slug + " in " + db;
  if (const auto t = lookup_tuned(db, source_sha256, s.kernel, generated_sha256, dev.slug)) {
    try {
      choice.config = parse_config_id(s, t->id);
      const auto v = violation(s, choice.config, dev);
      if (v.empty()) {
        choice.id = t->id, choice.tuned = true;
        std::ostringstream why;
        why << "tuned: " << t->origin << ", " << t->time_ms << " ms";
        choice.why = why.str();
        return choice;
      }
      fallback = "the tuned " + t->id + " is refused by the device (" + v + ")";
    } catch (const Error&) {
      fallback = "the tuned " + t->id + " is not a configuration of this compilation (the compiler changed?)";
    }
  }
  choice.config = default_config(s, dev);
  choice.id = config_id(s, choice.config);
  choice.why = "default (" + fallback + ")";
  return choice;
}

}  // namespace filterlab::imagecl
