#pragma once
// The epsilon filter of Study 5 (Qualcomm's Adreno article), defined once: the oracle every kernel
// is judged by.
//
//  - Input and output: 8-bit planes (the Y plane of a YUV image).
//  - Window: 9x9 (radius 4) around the centre pixel c.
//  - A neighbour p counts when |p - c| <= T (0 <= T <= 255); the centre always counts, since
//    |c - c| = 0 <= T.
//  - Output: the mean of the counted pixels, rounded half up in integer arithmetic:
//    (sum + count / 2) / count (count >= 1, integer division).
//  - Border: OpenCV's BORDER_REPLICATE (aaaa|abcd|dddd): coordinates outside the image are
//    clamped to the nearest edge pixel, on all four sides and as often as needed (images smaller
//    than the window included).
#include <cstdint>
#include <vector>

namespace filterlab::ref {

inline constexpr int kEpsilonRadius = 4;  // 9x9 window
inline constexpr int kEpsilonSize = 2 * kEpsilonRadius + 1;

// A single-channel 8-bit image in row-major order.
struct Plane8 {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> px;

  Plane8() = default;
  Plane8(int w, int h, std::uint8_t fill = 0);
  std::uint8_t at(int x, int y) const { return px[static_cast<std::size_t>(y) * width + x]; }
  std::uint8_t& at(int x, int y) { return px[static_cast<std::size_t>(y) * width + x]; }
};

// The sum and count of the counted pixels around (x, y): the oracle's exact mean is sum / count.
struct EpsilonSum {
  int sum = 0;
  int count = 0;
};
EpsilonSum epsilon_sum(const Plane8& img, int x, int y, int threshold);

// The rounding, defined once: (sum + count / 2) / count.
inline int epsilon_round(const EpsilonSum& s) { return (s.sum + s.count / 2) / s.count; }

// The filtered plane. Throws std::invalid_argument for T outside 0..255 or an empty image.
Plane8 epsilon_filter(const Plane8& img, int threshold);

}  // namespace filterlab::ref
