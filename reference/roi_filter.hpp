#pragma once
// Study 4's oracle: a separable filter from a source ROI into a target ROI of equal size, with
// OpenCV's BORDER_ISOLATED meaning: neighbours outside the source ROI take the border mode
// relative to the ROI (the cropped ROI is filtered as if it were the whole image), and nothing
// outside the target ROI is touched.
#include <string>
#include <utility>
#include <vector>

#include "border.hpp"
#include "image.hpp"

namespace filterlab::ref {

struct Roi {
  int x = 0, y = 0, width = 0, height = 0;
  bool operator==(const Roi& o) const { return x == o.x && y == o.y && width == o.width && height == o.height; }
};

// The whole image as a ROI.
inline Roi full_roi(const Image& img) { return {0, 0, img.width, img.height}; }
std::string roi_text(const Roi& r);  // "x,y,w,h"

// "" if `r` is a valid ROI of a width x height image (non-empty, inside), else why not.
std::string roi_problem(const Roi& r, int width, int height);

// The study's filter: integer weights, so that integer images give exact float results. The
// horizontal weights are the binomial row plus a ramp 0..K-1, the vertical ones the binomial row
// plus the reversed ramp: both asymmetric, so a mirrored or transposed tap order is caught.
// K odd, 1 <= K <= 9: {horizontal, vertical}.
std::pair<std::vector<double>, std::vector<double>> tiled_weights(int ksize);

// out = target with target(troi) replaced by the separable correlation (horizontal kx, vertical ky)
// of source(sroi) under `border` relative to sroi (or `constant` outside it). Throws
// std::invalid_argument for invalid or unequal ROIs.
Image filter_roi(const Image& source, const Roi& sroi, const Image& target, const Roi& troi,
                 const std::vector<double>& kx, const std::vector<double>& ky, Border border, double constant = 0.0);

// The cropped ROI as an image of its own.
Image crop(const Image& img, const Roi& r);

}  // namespace filterlab::ref
