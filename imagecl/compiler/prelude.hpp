#pragma once
// The C++ text injected before every ImageCL source (see prelude.cpp).
namespace filterlab::imagecl {
extern const char* const kPrelude;
}
