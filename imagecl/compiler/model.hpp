#pragma once
// What the analysis learns about one ImageCL kernel, free of Clang types: the code generator and
// the search-space writer read only this (plus the rewrite list in analysis.hpp).
#include <map>
#include <string>
#include <vector>

namespace filterlab::imagecl {

// OpenCV's five borders (cv::borderInterpolate): constant, clamped (BORDER_REPLICATE), reflect101,
// reflect (BORDER_REFLECT, fedcba|abcdefgh|hgfedcb) and wrap (BORDER_WRAP, cdefgh|abcdefgh|abcdefg).
enum class BoundaryKind { None, Constant, Clamped, Reflect101, Reflect, Wrap };
const char* boundary_name(BoundaryKind k);

// Bytes of an OpenCL scalar type of pixels and array elements: 1 (uchar, char), 2 (ushort,
// short), 4 (int, uint, float).
long scalar_bytes(const std::string& t);

struct ImageInfo {
  std::string name, pixel;  // pixel: OpenCL scalar type name ("float", "uchar", ...)
  int dims = 2;             // Image<T> 2, Image<T, 3> 3
  bool read = false, written = false;
  BoundaryKind boundary = BoundaryKind::None;
  std::string boundary_value = "0";
  // The stencil of every read as offsets from (idx, idy): known when every read has the form
  // img[idx + c1][idy + c2] with c1, c2 constant sets; else `stencil_problem` says where it failed.
  bool stencil_known = false;
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  std::string stencil_problem;
  bool image_memory_eligible = false, local_memory_eligible = false;
  std::string image_memory_reason, local_memory_reason;  // why not, when not eligible
  // A private register window per work-item (ICL_WINDOW_<name>, ICL_VECTOR_<name>): the same
  // conditions as local memory (read only, known stencil, 2-D grid).
  bool window_eligible = false;
  // Every write is img[idx][idy] (offsets 0): an interior group may store without a bound test.
  bool writes_at_thread = true;
  // Vector stores (ICL_VECTOR_<name> on a written Image): the grid's Image, every write at
  // (idx, idy) and at least one of them unconditional (a statement of the kernel's body), so a
  // work-item's row of outputs is complete when it is stored.
  bool vector_store_eligible = false;
  // Every read of this 8- or 16-bit unsigned Image is converted to float at once (k * in[x][y],
  // float v = in[x][y]): its register window then holds floats, each converted once at load by an
  // exact integer-to-float bit trick instead of the device's slower conversion instruction.
  bool float_window = false;
  // The kernel asks its size (img.width(), img.height(), img.depth()): ICL_WIDTH_<name>, ... are defined.
  bool size_queried = false;
};

struct ArrayInfo {
  std::string name, element;
  bool read = false, written = false, other_use = false;
  long bound = -1;          // elements, from #pragma imagecl bound or a declared size (int k[5], int m[5][5])
  std::vector<long> shape;  // declared sizes: {} for T*, {5} for T k[5], {5, 5} for T m[5][5] (flattened row-major)
  bool constant_memory_eligible = false;
  std::string constant_memory_reason;
  // The values bound by #pragma imagecl weights(name, v1, v2, ...), as written (numbers only);
  // literal_<name> then switches the reads to a __constant table of them.
  std::vector<std::string> literal;
  bool literal_eligible = false;
  // integer_<name> (integer_sums.hpp): the values as integers times 2^-integer_shift, summed in int32.
  bool integer_eligible = false;
  std::string integer_reason;  // why not, for a literal array that is not eligible
  int integer_shift = 0;
  std::vector<long> integer_values;
};

struct LoopInfo {
  int id = 0;
  unsigned line = 0, column = 0;
  std::string variable;
  bool fixed_range = false;
  bool jumps = false;  // break or continue in the body
  long first = 0, trip_count = 0;
  bool unrollable = false;
  std::string reason;         // why not unrollable
  std::vector<long> factors;  // unroll factors offered (divisors of the trip count, 1 first)
};

struct Param {
  enum Kind { Image, Array, Scalar } kind = Scalar;
  std::string name, type;  // type: scalar type, array element type, or image pixel type
  bool array_is_const = false;
  int dims = 2;  // Images
};

// What one logical thread (one pixel of the grid) does, counted from the kernel body by
// op_count.cpp (constant loop trip counts multiplied out): the floors of the roofline's ceilings.
struct OperationCounts {
  double fp32_add = 0, fp32_mul = 0, fp32_fma = 0, fp32_other = 0;
  double int_to_float = 0, float_to_int = 0;
  double image_reads = 0, image_writes = 0, array_reads = 0;
  std::map<std::string, double> reads_by_image;

  OperationCounts& operator+=(const OperationCounts& o);
  OperationCounts scaled(double n) const;
  OperationCounts max(const OperationCounts& o) const;  // elementwise: an upper bound of either
};

inline OperationCounts operator+(OperationCounts a, const OperationCounts& b) { return a += b; }

// A branch of the body and which arm the counts take.
struct BranchCount {
  std::string where;     // file:line:column
  std::string kind;      // if, ?:, &&, ||
  std::string decision;  // constant, interior, loop range, undecided
  std::string counted;   // then, else, maximum (if, ?:); both, left only, maximum (&&, ||)
};

struct KernelCounts {
  bool known = false;
  std::string reason;  // why not known
  OperationCounts per_pixel;
  std::vector<BranchCount> branches;
};

// A tuning parameter: its -D name and the values the space offers (a forced choice has one value).
struct TuningParam {
  std::string name, define, table1, note;
  std::vector<long> values;
};

struct KernelModel {
  std::string name, source_path;
  std::vector<Param> params;
  std::vector<ImageInfo> images;
  std::vector<ArrayInfo> arrays;
  std::string grid_image;                // empty when the grid is given as sizes
  std::vector<std::string> grid_images;  // grid(a, b, ...): Images of one size, grid_image the first
  long grid_width = 0, grid_height = 0, grid_depth = 0;
  int grid_dims = 2;  // 3 for grid(<3-D Image>) or grid(W, H, D)
  std::vector<LoopInfo> loops;
  std::vector<TuningParam> tuning;
  // The interior/border split (ICL_INTERIOR): a 2-D grid and a read Image with a known stencil
  // whose boundary condition costs something.
  bool interior_eligible = false;
  // The strip vectorisation (ICL_SIMD, a CPU code path; simd.hpp): the body promoted to N lanes.
  // simd_rounds: it rounds a float to uchar/ushort with saturation (convert_*_sat_rte), which
  // ICL_FAST_ROUND replaces; simd_widens: it converts 8- or 16-bit unsigned pixels to float,
  // which ICL_FAST_WIDEN replaces; simd_lockstep: its rows can run in lockstep (ICL_LOCKSTEP,
  // lockstep.hpp).
  bool simd_eligible = false, simd_rounds = false, simd_widens = false, simd_lockstep = false;
  std::string simd_reason;
  // Forced choices from #pragma imagecl force: key "local:in", "image:out", "constant:k",
  // "interleaved", "unroll:<loop id>" -> 0/1 (unroll: 0 = only factor 1, 1 = only the full unroll).
  std::map<std::string, int> forced;
  KernelCounts counts;  // per logical thread, from the source body (never the generated code)
  // The float builtins the kernel calls whose results OpenCL leaves inexact (builtins.cpp): name ->
  // the bound in ulp (-1: may be contracted, no bound). The check's tolerance follows from them.
  std::map<std::string, double> inexact_builtins;

  const ImageInfo* image(const std::string& n) const;
  const ArrayInfo* array(const std::string& n) const;
};

}  // namespace filterlab::imagecl
