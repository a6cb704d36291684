// The declarations that make an ImageCL kernel valid C++ for Clang: the Image type, the logical
// thread indices, the OpenCL keywords defined away and the OpenCL builtins ImageCL allows. Calls
// that ImageCL forbids (barriers, work-item functions) are declared too, so that the analysis can
// reject them with a reason instead of Clang reporting an undeclared identifier.
#include "prelude.hpp"

namespace filterlab::imagecl {

const char* const kPrelude = R"ICLPRELUDE(
#define __kernel __attribute__((annotate("imagecl_kernel")))
#define kernel __kernel
#define __global
#define global
#define __local
#define local
#define __constant const
#define constant const
#define __private
#define private
#define __read_only
#define __write_only
#define restrict
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
// The authors' dialect: `Image` alone is Image<Pixel> (_ImgP below), Pixel float.
typedef float Pixel;
// The proxies convert to T only so that a wrong number of subscripts reaches the analysis, which
// names the Image and its dimensions, instead of failing as a C++ type error.
template <class T> struct __icl_column { T& operator[](int); operator T() const; };
template <class T> struct __icl_plane { __icl_column<T> operator[](int); operator T() const; };
// Image<T> is 2-D (img[x][y]); Image<T, 3> is 3-D (img[x][y][z]). img.width(), img.height()
// (and img.depth()) are the Image's size in pixels.
template <class T, int D = 2> struct Image { __icl_column<T> operator[](int); int width() const; int height() const; };
template <class T> struct Image<T, 3> { __icl_plane<T> operator[](int); int width() const; int height() const; int depth() const; };
typedef Image<Pixel> _ImgP;  // an untemplated Image (the first pass renames it)
extern const int idx, idy, idz;
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
void barrier(int);
void mem_fence(int);
void work_group_barrier(int);
unsigned long get_global_id(uint);
unsigned long get_local_id(uint);
unsigned long get_group_id(uint);
unsigned long get_global_size(uint);
unsigned long get_local_size(uint);
// OpenCL C's constants (section 6.12.2), with the device's values.
#define ICL_MATH_CONSTANTS \
  ICL_K(M_E_F, 2.71828174591064453125f) ICL_K(M_LOG2E_F, 1.44269502162933349609f) ICL_K(M_LOG10E_F, 0.43429449200630187988f) \
  ICL_K(M_LN2_F, 0.69314718246459960938f) ICL_K(M_LN10_F, 2.30258512496948242188f) ICL_K(M_PI_F, 3.14159274101257324219f) \
  ICL_K(M_PI_2_F, 1.57079637050628662109f) ICL_K(M_PI_4_F, 0.78539818525314331055f) ICL_K(M_1_PI_F, 0.31830987334251403809f) \
  ICL_K(M_2_PI_F, 0.63661974668502807617f) ICL_K(M_2_SQRTPI_F, 1.12837922573089599609f) ICL_K(M_SQRT2_F, 1.41421353816986083984f) \
  ICL_K(M_SQRT1_2_F, 0.70710676908493041992f)
#define ICL_K(name, value) const float name = value;
ICL_MATH_CONSTANTS
#undef ICL_K
#define MAXFLOAT 3.40282346638528859812e+38f
#define HUGE_VALF __builtin_huge_valf()
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define FLT_MAX 3.40282346638528859812e+38f
#define FLT_MIN 1.17549435082228750797e-38f
#define FLT_EPSILON 1.1920928955078125e-07f
#define CHAR_MAX 127
#define CHAR_MIN (-127 - 1)
#define UCHAR_MAX 255
#define SHRT_MAX 32767
#define SHRT_MIN (-32767 - 1)
#define USHRT_MAX 65535
#define INT_MAX 2147483647
#define INT_MIN (-2147483647 - 1)
#define UINT_MAX 0xffffffffu
// OpenCL C's math functions on float (builtins.cpp holds the accuracy of each).
#define ICL_F1(f) float f(float);
#define ICL_F2(f) float f(float, float);
#define ICL_F3(f) float f(float, float, float);
ICL_F1(acos) ICL_F1(acosh) ICL_F1(acospi) ICL_F1(asin) ICL_F1(asinh) ICL_F1(asinpi) ICL_F1(atan) ICL_F2(atan2)
ICL_F1(atanh) ICL_F1(atanpi) ICL_F2(atan2pi) ICL_F1(cbrt) ICL_F1(ceil) ICL_F2(copysign) ICL_F1(cos) ICL_F1(cosh)
ICL_F1(cospi) ICL_F1(erfc) ICL_F1(erf) ICL_F1(exp) ICL_F1(exp2) ICL_F1(exp10) ICL_F1(expm1) ICL_F1(fabs) ICL_F2(fdim)
ICL_F1(floor) ICL_F3(fma) ICL_F2(fmax) ICL_F2(fmin) ICL_F2(fmod) ICL_F2(hypot) ICL_F1(log) ICL_F1(log2)
ICL_F1(log10) ICL_F1(log1p) ICL_F1(logb) ICL_F3(mad) ICL_F2(maxmag) ICL_F2(minmag) ICL_F2(nextafter) ICL_F2(pow)
ICL_F2(powr) ICL_F2(remainder) ICL_F1(rint) ICL_F1(round) ICL_F1(rsqrt) ICL_F1(sin) ICL_F1(sinh) ICL_F1(sinpi)
ICL_F1(sqrt) ICL_F1(tan) ICL_F1(tanh) ICL_F1(tanpi) ICL_F1(tgamma) ICL_F1(trunc)
ICL_F1(degrees) ICL_F1(radians) ICL_F3(mix) ICL_F2(step) ICL_F3(smoothstep) ICL_F1(sign)
float pown(float, int); float rootn(float, int); float ldexp(float, int); int ilogb(float);
int isnan(float); int isinf(float); int isfinite(float); int signbit(float);
// Functions that return through a pointer: declared so that the analysis can say what to write instead.
float sincos(float, float*); float fract(float, float*); float modf(float, float*); float frexp(float, int*);
float remquo(float, float, int*); float lgamma_r(float, int*); float lgamma(float);
// Integer functions: min, max, clamp and abs on int, uint and float (char and short arguments
// promote to int, as the existing kernels expect); the rest on every integer type.
int min(int, int); int max(int, int); uint abs(int);
uint min(uint, uint); uint max(uint, uint); uint abs(uint); uint clamp(uint, uint, uint);
float min(float, float); float max(float, float);
int clamp(int, int, int); float clamp(float, float, float);
#define ICL_I1(R, f, T) R f(T);
#define ICL_I2(f, T) T f(T, T);
#define ICL_I3(f, T) T f(T, T, T);
#define ICL_INTEGER(T, U) ICL_I2(add_sat, T) ICL_I2(sub_sat, T) ICL_I2(hadd, T) ICL_I2(rhadd, T) \
  ICL_I1(T, clz, T) ICL_I1(T, popcount, T) ICL_I2(mul_hi, T) ICL_I3(mad_hi, T) ICL_I3(mad_sat, T) ICL_I2(rotate, T) \
  U abs_diff(T, T);
ICL_INTEGER(char, uchar) ICL_INTEGER(uchar, uchar) ICL_INTEGER(short, ushort) ICL_INTEGER(ushort, ushort)
ICL_INTEGER(int, uint) ICL_INTEGER(uint, uint) ICL_INTEGER(long, ulong) ICL_INTEGER(ulong, ulong)
int mul24(int, int); uint mul24(uint, uint); int mad24(int, int, int); uint mad24(uint, uint, uint);
// convert_<type>[_sat][_rte|_rtz|_rtp|_rtn] from every scalar type (char and short promote to int).
// A double argument (an unsuffixed literal in the expression) is converted to float first, as on a
// device without cl_khr_fp64; the analysis marks the call for that cast.
#define ICL_CV_FROM(D, f) D f(float); D f(double); D f(int); D f(uint); D f(long); D f(ulong);
#define ICL_CV_MODES(D, f) ICL_CV_FROM(D, f) ICL_CV_FROM(D, f##_rte) ICL_CV_FROM(D, f##_rtz) ICL_CV_FROM(D, f##_rtp) ICL_CV_FROM(D, f##_rtn)
#define ICL_CV(D) ICL_CV_MODES(D, convert_##D) ICL_CV_MODES(D, convert_##D##_sat)
ICL_CV(char) ICL_CV(uchar) ICL_CV(short) ICL_CV(ushort) ICL_CV(int) ICL_CV(uint) ICL_CV(long) ICL_CV(ulong)
ICL_CV_MODES(float, convert_float)
// Reinterpretation of 32 bits.
float as_float(int); float as_float(uint); int as_int(float); int as_int(uint); uint as_uint(float); uint as_uint(int);
#undef ICL_F1
#undef ICL_F2
#undef ICL_F3
#undef ICL_I1
#undef ICL_I2
#undef ICL_I3
#undef ICL_INTEGER
#undef ICL_CV_FROM
#undef ICL_CV_MODES
#undef ICL_CV
)ICLPRELUDE";

// OpenCL's char is signed, so int8_t is char.
const char* const kFixedWidthTypedefs =
    "typedef uchar uint8_t;\ntypedef char int8_t;\ntypedef ushort uint16_t;\ntypedef short int16_t;\n"
    "typedef uint uint32_t;\ntypedef int int32_t;\ntypedef ulong uint64_t;\ntypedef long int64_t;\n";

}  // namespace filterlab::imagecl
