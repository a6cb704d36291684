#include "roi_filter.hpp"

#include <stdexcept>

#include "correlate.hpp"

namespace filterlab::ref {

std::string roi_text(const Roi& r) {
  return std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.width) + "," +
         std::to_string(r.height);
}

std::string roi_problem(const Roi& r, int width, int height) {
  if (r.width <= 0 || r.height <= 0) return "ROI " + roi_text(r) + " is empty (width and height must be positive)";
  if (r.x < 0 || r.y < 0) return "ROI " + roi_text(r) + " starts outside the image (negative x or y)";
  if (static_cast<long long>(r.x) + r.width > width || static_cast<long long>(r.y) + r.height > height)
    return "ROI " + roi_text(r) + " reaches outside the " + std::to_string(width) + "x" + std::to_string(height) +
           " image";
  return "";
}

std::pair<std::vector<double>, std::vector<double>> tiled_weights(int ksize) {
  if (ksize < 1 || ksize > 9 || ksize % 2 == 0)
    throw std::invalid_argument("tiled_weights: size must be odd, 1..9, got " + std::to_string(ksize));
  std::vector<double> binom(1, 1.0);
  for (int n = 1; n < ksize; ++n) {  // Pascal's triangle, row ksize - 1
    std::vector<double> next(static_cast<std::size_t>(n) + 1, 1.0);
    for (int i = 1; i < n; ++i)
      next[static_cast<std::size_t>(i)] = binom[static_cast<std::size_t>(i) - 1] + binom[static_cast<std::size_t>(i)];
    binom = next;
  }
  std::vector<double> h(binom), v(binom);
  for (int i = 0; i < ksize; ++i) {
    h[static_cast<std::size_t>(i)] += i;
    v[static_cast<std::size_t>(i)] += ksize - 1 - i;
  }
  return {h, v};
}

Image crop(const Image& img, const Roi& r) {
  const auto problem = roi_problem(r, img.width, img.height);
  if (!problem.empty()) throw std::invalid_argument("crop: " + problem);
  Image out(r.width, r.height);
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) out.at(x, y) = img.at(r.x + x, r.y + y);
  return out;
}

Image filter_roi(const Image& source, const Roi& sroi, const Image& target, const Roi& troi,
                 const std::vector<double>& kx, const std::vector<double>& ky, Border border, double constant) {
  const auto ps = roi_problem(sroi, source.width, source.height);
  if (!ps.empty()) throw std::invalid_argument("filter_roi: source " + ps);
  const auto pt = roi_problem(troi, target.width, target.height);
  if (!pt.empty()) throw std::invalid_argument("filter_roi: target " + pt);
  if (sroi.width != troi.width || sroi.height != troi.height)
    throw std::invalid_argument("filter_roi: source ROI " + roi_text(sroi) + " and target ROI " + roi_text(troi) +
                                " differ in size");
  const Image filtered = correlate_separable(crop(source, sroi), kx, ky, border, constant);
  Image out = target;
  for (int y = 0; y < troi.height; ++y)
    for (int x = 0; x < troi.width; ++x) out.at(troi.x + x, troi.y + y) = filtered.at(x, y);
  return out;
}

}  // namespace filterlab::ref
