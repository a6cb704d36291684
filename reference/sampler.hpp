#pragma once
// The OpenCL sampler's addressing and filtering formulas (OpenCL C specification, "Image
// Addressing and Filtering", 1.2 and 3.0 alike), for one image axis, evaluated three ways:
//   float32   every operation rounded to float, as a device that implements the formulas does;
//   exact     the same formulas in exact arithmetic on the same float coordinate (double is exact
//             here: the inputs are floats and the image sizes small, so every product, difference
//             and half of them fits in 53 bits);
//   rational  exact arithmetic on the true coordinate, e.g. k/10, before it was rounded to float.
// Indices outside [0, w) mean the border colour for CLAMP and an undefined result for NONE.
#include <array>
#include <optional>
#include <string_view>

#include "rational.hpp"

namespace filterlab::ref {

// Numbered as in the article's table order after NONE; names are what result files use.
enum class AddressMode : int { None = 0, ClampToEdge = 1, Clamp = 2, Repeat = 3, MirroredRepeat = 4 };
enum class FilterMode : int { Nearest = 0, Linear = 1 };

inline constexpr std::array<AddressMode, 5> kAllAddressModes = {
    AddressMode::None, AddressMode::ClampToEdge, AddressMode::Clamp, AddressMode::Repeat, AddressMode::MirroredRepeat};

std::string_view address_mode_name(AddressMode m);  // "none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"
std::string_view filter_mode_name(FilterMode f);    // "nearest", "linear"
std::optional<AddressMode> parse_address_mode(std::string_view name);

// REPEAT and MIRRORED_REPEAT are defined for normalized coordinates only.
bool sampler_defined(AddressMode m, bool normalized);

enum class Arithmetic { Float32, Exact };

// The unnormalized coordinate u of one axis (after REPEAT's or MIRRORED_REPEAT's folding).
double axis_u(AddressMode m, bool normalized, float s, int w, Arithmetic a);
Rational axis_u(AddressMode m, bool normalized, const Rational& s, int w);

// The index mapping that follows floor(u): clamping, wrapping (REPEAT subtracts w above w-1 and,
// for an index moved below 0 by an offset, adds w), MIRRORED_REPEAT's min(i, w-1) (and max(i, 0)).
int address_index(AddressMode m, long long i, int w);

// NEAREST: the texel index of one axis.
int nearest_index(AddressMode m, bool normalized, float s, int w, Arithmetic a);
int nearest_index(AddressMode m, bool normalized, const Rational& s, int w);

// LINEAR: the two texel indices of one axis and the weight a of i1 (the spec's frac(u - 0.5)).
struct LinearAxis {
  int i0 = 0, i1 = 0;
  double a = 0.0;
};
LinearAxis linear_axis(AddressMode m, bool normalized, float s, int w, Arithmetic a);
LinearAxis linear_axis(AddressMode m, bool normalized, const Rational& s, int w);

}  // namespace filterlab::ref
