#pragma once
// OpenCV's five border modes, with the exact index semantics of cv::borderInterpolate.
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace filterlab::ref {

// Numbering follows OpenCV's cv::BorderTypes values so that tests can pass them straight through.
enum class Border : int {
  Constant = 0,    // iiiiii|abcdefgh|iiiiiii  with a given value i
  Replicate = 1,   // aaaaaa|abcdefgh|hhhhhhh
  Reflect = 2,     // fedcba|abcdefgh|hgfedcb
  Wrap = 3,        // cdefgh|abcdefgh|abcdefg
  Reflect101 = 4,  // gfedcb|abcdefgh|gfedcba  (OpenCV's BORDER_DEFAULT)
};

inline constexpr std::array<Border, 5> kAllBorders = {Border::Constant, Border::Replicate, Border::Reflect,
                                                      Border::Wrap, Border::Reflect101};

// Stable lower-case names used in variant IDs, CLI flags and result files.
std::string_view border_name(Border b);
std::optional<Border> parse_border(std::string_view name);
std::string border_names_list();  // "constant, replicate, ..." for error messages

// Maps a possibly out-of-range index p onto [0, len). Returns -1 for Border::Constant when p lies
// outside (the caller then uses the constant value). Reflection repeats as often as needed, so any
// p is valid, and len == 1 maps every p to 0 for the reflecting modes. len must be >= 1.
int border_index(int p, int len, Border b);

}  // namespace filterlab::ref
