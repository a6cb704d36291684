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
// Image<T> is 2-D (img[x][y]); Image<T, 3> is 3-D (img[x][y][z]).
template <class T, int D = 2> struct Image { __icl_column<T> operator[](int); };
template <class T> struct Image<T, 3> { __icl_plane<T> operator[](int); };
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
float sqrt(float); float fabs(float); float exp(float); float log(float); float pow(float, float);
float floor(float); float ceil(float); float rint(float); float round(float);
float fmin(float, float); float fmax(float, float); float mad(float, float, float); float fma(float, float, float);
int min(int, int); int max(int, int); uint abs(int);
float min(float, float); float max(float, float);
int clamp(int, int, int); float clamp(float, float, float);
uchar convert_uchar_sat_rte(float); uchar convert_uchar_sat(float); uchar convert_uchar_sat(int);
int convert_int_rte(float); int convert_int_sat_rte(float); float convert_float(int);
)ICLPRELUDE";

}  // namespace filterlab::imagecl
