#pragma once
// fast_convert.h as text (generated at configure time), for the simd source's fast conversions.
namespace filterlab::imagecl {
extern const char* const kFastConvertMacros;
}  // namespace filterlab::imagecl
