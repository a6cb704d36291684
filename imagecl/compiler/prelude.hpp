#pragma once
// The C++ text injected before every ImageCL source (see prelude.cpp).
namespace filterlab::imagecl {
extern const char* const kPrelude;
// The fixed-width names a kernel may write (uint8_t, ...) as typedefs of OpenCL's types: after the
// prelude for the front end, in the CPU reference, and in the generated OpenCL where a source
// names one (OpenCL C has no <stdint.h>).
extern const char* const kFixedWidthTypedefs;
}  // namespace filterlab::imagecl
