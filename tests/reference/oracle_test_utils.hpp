#pragma once
// Shared helpers for the oracle-vs-OpenCV tests: conversions, seeded random data, and an
// independent evaluation that gets its border from cv::copyMakeBorder instead of border_index().
#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <random>
#include <sstream>
#include <string>

#include "reference/correlate.hpp"

namespace filterlab::test {

using ref::Border;
using ref::Image;
using ref::Kernel2D;

inline constexpr unsigned kSeed = 20240601u;  // one constant seed: failures reproduce

inline int cv_border(Border b) { return static_cast<int>(b); }  // enum values are OpenCV's

inline cv::Mat to_mat(const Image& img) {
  cv::Mat m(img.height, img.width, CV_32F);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) m.at<float>(y, x) = img.at(x, y);
  return m;
}

inline cv::Mat to_mat(const Kernel2D& k) {  // float weights: what cv::filter2D uses for CV_32F
  cv::Mat m(k.height, k.width, CV_32F);
  for (int j = 0; j < k.height; ++j)
    for (int i = 0; i < k.width; ++i) m.at<float>(j, i) = static_cast<float>(k.at(i, j));
  return m;
}

// Integer values in [0, 255] stored as float: every sum below 2^24 is exact in any order.
inline Image random_int_image(int w, int h, std::mt19937& rng) {
  std::uniform_int_distribution<int> d(0, 255);
  Image img(w, h);
  for (auto& v : img.px) v = static_cast<float>(d(rng));
  return img;
}

inline Image random_unit_image(int w, int h, std::mt19937& rng) {
  std::uniform_real_distribution<float> d(0.0f, 1.0f);
  Image img(w, h);
  for (auto& v : img.px) v = d(rng);
  return img;
}

inline std::vector<double> random_int_weights(std::size_t n, std::mt19937& rng) {
  std::uniform_int_distribution<int> d(-8, 8);
  std::vector<double> w(n);
  for (auto& v : w) v = d(rng);
  return w;
}

inline Kernel2D random_int_kernel(int kw, int kh, std::mt19937& rng) {
  return {kw, kh, random_int_weights(static_cast<std::size_t>(kw) * kh, rng)};
}

inline Kernel2D outer(const std::vector<double>& ky, const std::vector<double>& kx) {
  Kernel2D k{static_cast<int>(kx.size()), static_cast<int>(ky.size()), {}};
  for (double a : ky)
    for (double b : kx) k.w.push_back(a * b);
  return k;
}

// Largest |a - b| over the whole image; infinity on a shape mismatch.
inline double max_abs_diff(const Image& a, const cv::Mat& b) {
  if (b.type() != CV_32F || a.width != b.cols || a.height != b.rows) return INFINITY;
  double m = 0.0;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) m = std::max(m, std::abs(static_cast<double>(a.at(x, y)) - b.at<float>(y, x)));
  return m;
}

inline double max_abs_diff(const Image& a, const Image& b) { return max_abs_diff(a, to_mat(b)); }

// Pads with OpenCV's cv::copyMakeBorder (the reference for the border), then a plain VALID correlation
// in double. Independent of border_index(), and never takes filter2D's inexact DFT path.
inline cv::Mat padded_direct(const Image& src, const Kernel2D& k, Border b, double constant = 0.0) {
  const int rx = k.width / 2, ry = k.height / 2;
  cv::Mat padded;
  cv::copyMakeBorder(to_mat(src), padded, ry, ry, rx, rx, cv_border(b), cv::Scalar::all(constant));
  cv::Mat out(src.height, src.width, CV_32F);
  for (int y = 0; y < src.height; ++y)
    for (int x = 0; x < src.width; ++x) {
      double acc = 0.0;
      for (int j = 0; j < k.height; ++j)
        for (int i = 0; i < k.width; ++i) acc += k.at(i, j) * padded.at<float>(y + j, x + i);
      out.at<float>(y, x) = static_cast<float>(acc);
    }
  return out;
}

// Pads with copyMakeBorder (any mode, WRAP included), runs `filter` on the padded image and keeps the
// interior: there every tap reads padding, so the filter's own border mode never matters.
template <class Filter>
cv::Mat via_padding(const Image& src, int rx, int ry, Border b, double constant, Filter filter) {
  cv::Mat padded, filtered;
  cv::copyMakeBorder(to_mat(src), padded, ry, ry, rx, rx, cv_border(b), cv::Scalar::all(constant));
  filter(padded, filtered);
  return filtered(cv::Rect(rx, ry, src.width, src.height)).clone();
}

inline std::string shape(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

}  // namespace filterlab::test
