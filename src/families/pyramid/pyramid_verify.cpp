#include "families/pyramid/pyramid_verify.hpp"

#include <limits>
#include <random>

#include "error.hpp"
#include "families/pyramid/pyramid_device.hpp"
#include "reference/border.hpp"
#include "reference/pyramid.hpp"
#include "verify/compare.hpp"

namespace filterlab {
namespace {

// Integer pixels: sums of four stay exact in float, so the device's box average must equal the
// oracle's exactly. Odd sizes make every octave floor its halves.
ref::Image integer_base() {
  ref::Image base(75, 43);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> value(0, 255);
  for (auto& v : base.px) v = static_cast<float>(value(rng));
  return base;
}

std::vector<LevelShape> shapes_of(const std::vector<ref::Image>& levels) {
  std::vector<std::pair<int, int>> sizes;
  for (const auto& l : levels) sizes.emplace_back(l.width, l.height);
  return pack_levels(sizes);
}

PyramidCheck check_build(ocl::Runtime& rt, Storage s, PyramidCheck c) {
  const auto base = integer_base();
  const auto want = ref::build_pyramid(base);
  auto store = allocate_levels(rt, s, shapes_of(want), "the pyramid");
  fill_levels(rt, store, std::numeric_limits<float>::quiet_NaN());  // an unbuilt level cannot pass
  build_pyramid_on_device(rt, store, base);
  const auto got = download_levels(rt, store);
  c.passed = true;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const auto cmp = compare_images(got[i], want[i], 0.0);
    c.compared += want[i].size();
    if (!cmp.passed() && c.passed) {
      c.passed = false;
      c.failure = "level " + std::to_string(i) + ": " + cmp.describe(got[i], want[i]);
    }
  }
  return c;
}

PyramidCheck check_keypoints(ocl::Runtime& rt, Storage s, PyramidCheck c) {
  const auto levels = ref::build_pyramid(integer_base());
  // Points spread over every level, corners included (REFLECT_101 there).
  std::vector<KeyPoint> points;
  std::mt19937 rng(9);
  for (int lvl = 0; lvl < static_cast<int>(levels.size()); ++lvl) {
    const int w = levels[lvl].width, h = levels[lvl].height;
    points.push_back({lvl, 0, 0});
    points.push_back({lvl, w - 1, h - 1});
    for (int k = 0; k < 5; ++k)
      points.push_back(
          {lvl, std::uniform_int_distribution<int>(0, w - 1)(rng), std::uniform_int_distribution<int>(0, h - 1)(rng)});
  }
  auto store = allocate_levels(rt, s, shapes_of(levels), "the pyramid");
  upload_levels(rt, store, levels);
  const auto got = keypoint_sums(rt, store, points);
  c.passed = got.size() == points.size();
  for (std::size_t i = 0; c.passed && i < points.size(); ++i) {
    const auto& p = points[i];
    const auto& img = levels[p.level];
    double want = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        want += img.at(ref::border_index(p.x + dx, img.width, ref::Border::Reflect101),
                       ref::border_index(p.y + dy, img.height, ref::Border::Reflect101));
    ++c.compared;
    if (got[i] != static_cast<float>(want)) {
      c.passed = false;
      c.failure = "point (" + std::to_string(p.level) + ", " + std::to_string(p.x) + ", " + std::to_string(p.y) +
                  "): " + std::to_string(got[i]) + " instead of " + std::to_string(want);
    }
  }
  return c;
}

}  // namespace

std::vector<std::string> pyramid_check_ids(const std::string& filter) {
  std::vector<std::string> out;
  for (const char* kind : {"pyramid.build/", "pyramid.keypoints/"})
    for (Storage s : kAllStorages) {
      // Key points from every level in one launch need one memory object for all levels: images
      // and cubes keep levels apart, so those two are not registered (run_pyramid_check says why).
      if (kind == std::string("pyramid.keypoints/") && (s == Storage::Images || s == Storage::Cubes)) continue;
      const std::string id = kind + std::string(storage_name(s));
      if (filter.empty() || id.find(filter) != std::string::npos) out.push_back(id);
    }
  return out;
}

PyramidCheck run_pyramid_check(ocl::Runtime& rt, const std::string& id) {
  const auto slash = id.find('/');
  const auto storage = slash == std::string::npos ? std::nullopt : parse_storage(id.substr(slash + 1));
  if (!storage) throw Error("unknown pyramid check '" + id + "'");
  PyramidCheck c;
  c.id = id;
  if (id.rfind("pyramid.build/", 0) == 0) return check_build(rt, *storage, c);
  if (id.rfind("pyramid.keypoints/", 0) == 0) return check_keypoints(rt, *storage, c);
  throw Error("unknown pyramid check '" + id + "'");
}

}  // namespace filterlab
