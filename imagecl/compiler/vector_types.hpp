#pragma once
// OpenCL C's vector types (char2 ... float16) and the builtins that take them. One table serves
// the front end (declarations in the prelude) and the CPU reference (lane-by-lane definitions
// that call the scalar builtins, so each lane is judged exactly as a scalar would be).
#include <optional>
#include <set>
#include <string>

namespace filterlab::imagecl {

struct VectorType {
  std::string element;  // "float", "uchar", ...
  int lanes = 0;        // 2, 3, 4, 8 or 16
};

// "float4" -> {float, 4}; nothing for a scalar or any other name.
std::optional<VectorType> parse_vector_type(const std::string& name);

// Bytes of one value of OpenCL type `t` in a buffer: a 3-lane vector occupies 4 lanes.
long opencl_type_bytes(const std::string& t);

// The declarations the front end parses every kernel with: the typedefs (Clang's ext_vector_type,
// which gives swizzles, lane-wise operators and -1/0 comparisons as OpenCL C does) and every
// vector overload of the math, common, integer, relational and geometric builtins and of the
// conversions.
std::string vector_prelude();

// For the CPU reference (built by Clang): the same typedefs, the makers of vector literals
// (__icl_vec_float4(a, b, ...)) and the definitions of the vector builtins named in `called`.
std::string vector_reference_runtime(const std::set<std::string>& called);

}  // namespace filterlab::imagecl
