#include "reference.hpp"

#include <clang/Lex/Lexer.h>

#include <fstream>
#include <sstream>

namespace filterlab::imagecl {
namespace {

using namespace clang;

// OpenCL C's semantics of the words and builtins the prelude declares, written for the host.
const char* const kRuntime = R"ICLREF(
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef float Pixel;
#define __kernel
#define kernel
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
inline float sqrt(float x) { return std::sqrt(x); }
inline float fabs(float x) { return std::fabs(x); }
inline float exp(float x) { return std::exp(x); }
inline float log(float x) { return std::log(x); }
inline float pow(float x, float y) { return std::pow(x, y); }
inline float floor(float x) { return std::floor(x); }
inline float ceil(float x) { return std::ceil(x); }
inline float rint(float x) { return std::nearbyint(x); }
inline float round(float x) { return std::round(x); }
inline float fmin(float x, float y) { return std::fmin(x, y); }
inline float fmax(float x, float y) { return std::fmax(x, y); }
inline float mad(float a, float b, float c) { return a * b + c; }
inline float fma(float a, float b, float c) { return std::fma(a, b, c); }
inline int min(int x, int y) { return y < x ? y : x; }
inline int max(int x, int y) { return x < y ? y : x; }
inline float min(float x, float y) { return std::fmin(x, y); }
inline float max(float x, float y) { return std::fmax(x, y); }
inline uint abs(int x) { return x < 0 ? 0u - static_cast<uint>(x) : static_cast<uint>(x); }
inline int clamp(int x, int lo, int hi) { return min(max(x, lo), hi); }
inline float clamp(float x, float lo, float hi) { return std::fmin(std::fmax(x, lo), hi); }
inline uchar icl_sat_uchar(float r) { return std::isnan(r) ? 0 : r < 0.0f ? 0 : r > 255.0f ? 255 : static_cast<uchar>(r); }
inline uchar convert_uchar_sat_rte(float x) { return icl_sat_uchar(std::nearbyint(x)); }
inline uchar convert_uchar_sat(float x) { return icl_sat_uchar(std::trunc(x)); }
inline uchar convert_uchar_sat(int x) { return static_cast<uchar>(x < 0 ? 0 : x > 255 ? 255 : x); }
inline int convert_int_rte(float x) { return static_cast<int>(std::nearbyint(x)); }
inline int convert_int_sat_rte(float x) {
  const float r = std::nearbyint(x);
  return std::isnan(r) ? 0 : r <= -2147483648.0f ? INT_MIN : r >= 2147483647.0f ? INT_MAX : static_cast<int>(r);
}
inline float convert_float(int x) { return static_cast<float>(x); }

enum icl_boundary { icl_none, icl_constant, icl_clamped, icl_reflect101, icl_reflect, icl_wrap };
// gfedcb|abcdefgh|gfedcba: period 2n - 2, folded at n - 1.
inline int icl_fold101(int i, int n) {
  if (n == 1) return 0;
  const int period = 2 * n - 2;
  i %= period;
  if (i < 0) i += period;
  return i < n ? i : period - i;
}
// fedcba|abcdefgh|hgfedcb: period 2n, folded between n - 1 and n.
inline int icl_fold(int i, int n) {
  i %= 2 * n;
  if (i < 0) i += 2 * n;
  return i < n ? i : 2 * n - 1 - i;
}
// cdefgh|abcdefgh|abcdefg: period n.
inline int icl_period(int i, int n) {
  i %= n;
  return i < 0 ? i + n : i;
}
inline const char*& icl_error() {
  static const char* e = nullptr;
  return e;
}
inline std::string& icl_error_text() {
  static std::string s;
  return s;
}
// A pixel of an output that no logical thread wrote holds whatever the device's buffer held: a
// check must not compare it. Returns why, or nullptr when every pixel was written.
template <class I>
const char* icl_unwritten(const I& img, const char* name) {
  for (std::size_t i = 0; i < img.written.size(); ++i) {
    if (img.written[i]) continue;
    const long x = static_cast<long>(i) % img.w, y = static_cast<long>(i) / img.w % img.h, z = static_cast<long>(i) / img.w / img.h;
    icl_error_text() = "pixel (" + std::to_string(x) + ", " + std::to_string(y) + (img.d > 1 ? ", " + std::to_string(z) : std::string()) +
                       ") of output " + name + " was never written (the kernel must write every pixel of its outputs)";
    return icl_error_text().c_str();
  }
  return nullptr;
}
// An Image as ImageCL defines it: img[x][y] (img[x][y][z]) reads with the boundary condition
// applied, writes outside are dropped, and a read outside an Image without a boundary is an error.
template <class T, int D = 2>
struct Image {
  T* px;
  int w, h, d;
  icl_boundary boundary;
  T fill;
  bool output;
  T scratch;
  std::vector<unsigned char> written{};  // outputs: which pixels the grid wrote
  struct Column {
    Image* img;
    int x, y;
    T& operator[](int z) const { return img->at(x, y, z); }
  };
  struct Plane {
    Image* img;
    int x;
    Column operator[](int y) const { return Column{img, x, y}; }
  };
  struct Flat {
    Image* img;
    int x;
    T& operator[](int y) const { return img->at(x, y, 0); }
  };
  typename std::conditional<D == 3, Plane, Flat>::type operator[](int x) { return {this, x}; }
  T& at(int x, int y, int z) {
    const bool inside = x >= 0 && x < w && y >= 0 && y < h && z >= 0 && z < d;
    if (output) {
      if (!inside) return scratch;  // dropped
      const long i = (static_cast<long>(z) * h + y) * w + x;
      written[static_cast<std::size_t>(i)] = 1;
      return px[i];
    }
    if (!inside) {
      switch (boundary) {
        case icl_none:
          if (!icl_error()) {
            icl_error_text() = "a read outside an Image that has no boundary condition, at (" + std::to_string(x) + ", " +
                               std::to_string(y) + (D == 3 ? ", " + std::to_string(z) : std::string()) + ")";
            icl_error() = icl_error_text().c_str();
          }
          scratch = T();
          return scratch;
        case icl_constant:
          scratch = fill;
          return scratch;
        case icl_clamped:
          x = x < 0 ? 0 : x >= w ? w - 1 : x;
          y = y < 0 ? 0 : y >= h ? h - 1 : y;
          z = z < 0 ? 0 : z >= d ? d - 1 : z;
          break;
        case icl_reflect101:
          x = icl_fold101(x, w), y = icl_fold101(y, h), z = icl_fold101(z, d);
          break;
        case icl_reflect:
          x = icl_fold(x, w), y = icl_fold(y, h), z = icl_fold(z, d);
          break;
        case icl_wrap:
          x = icl_period(x, w), y = icl_period(y, h), z = icl_period(z, d);
          break;
      }
    }
    return px[(static_cast<long>(z) * h + y) * w + x];
  }
};
)ICLREF";

std::string source_text(ASTContext& ctx, SourceRange r) {
  const auto& sm = ctx.getSourceManager();  // a range may start in a macro (__constant): take it in the file
  const SourceRange file(sm.getExpansionLoc(r.getBegin()), sm.getExpansionLoc(r.getEnd()));
  return Lexer::getSourceText(CharSourceRange::getTokenRange(file), sm, ctx.getLangOpts()).str();
}

// Pragma lines (force(unroll, ...)) mean nothing to the host compiler.
std::string without_pragmas(const std::string& body) {
  std::istringstream in(body);
  std::string line, out;
  while (std::getline(in, line)) {
    const auto first = line.find_first_not_of(" \t");
    out += (first != std::string::npos && line[first] == '#' ? "" : line) + "\n";
  }
  return out;
}

const char* boundary_enum(BoundaryKind b) {
  switch (b) {
    case BoundaryKind::None: return "icl_none";
    case BoundaryKind::Constant: return "icl_constant";
    case BoundaryKind::Clamped: return "icl_clamped";
    case BoundaryKind::Reflect101: return "icl_reflect101";
    case BoundaryKind::Reflect: return "icl_reflect";
    case BoundaryKind::Wrap: return "icl_wrap";
  }
  return "icl_none";
}

}  // namespace

std::string generate_reference(ASTContext& ctx, const Analysis& a) {
  const auto& m = a.model;
  const std::string ns = "filterlab_icl_reference_of_" + m.name;
  std::ostringstream o;
  o << "// Generated by filterlab-imagecl from " << m.source_path << " (kernel " << m.name << "): the CPU reference.\n"
    << "// The kernel body runs once per logical thread in loops over the grid. Do not edit.\n"
    << "// Build with -ffp-contract=off to compare with OpenCL built under FP_CONTRACT OFF.\n"
    << "#include <cfloat>\n#include <climits>\n#include <cmath>\n#include <string>\n#include <type_traits>\n#include <vector>\n"
    << "#ifndef FILTERLAB_ICL_REF_ARG\n#define FILTERLAB_ICL_REF_ARG\nstruct filterlab_icl_ref_arg {\n  void* data;\n"
    << "  int w, h, d;\n  long n;\n  double scalar;\n};\n#endif\n\n"
    << "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
    << "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n#pragma GCC diagnostic ignored \"-Wconversion\"\n"
    << "#pragma GCC diagnostic ignored \"-Wshadow\"\n#pragma GCC diagnostic ignored \"-Wpedantic\"\n"
    << "#pragma GCC diagnostic ignored \"-Wfloat-conversion\"\n#pragma GCC diagnostic ignored \"-Wsign-compare\"\n"
    << "namespace " << ns << " {\n" << kRuntime << "\n";
  for (const auto* t : a.tables) o << source_text(ctx, t->getSourceRange()) << ";\n";
  // The body, as written, as a function of one logical thread.
  std::vector<std::string> params;
  for (const auto& p : m.params) {
    if (p.kind == Param::Image) {
      params.push_back("Image<" + p.type + ", " + std::to_string(p.dims) + ">& " + p.name);
    } else if (p.kind == Param::Array) {
      const auto* arr = m.array(p.name);
      const std::string elem = (p.array_is_const ? "const " : "") + p.type;
      params.push_back(arr->shape.size() == 2 ? elem + " (*" + p.name + ")[" + std::to_string(arr->shape[1]) + "]" : elem + "* " + p.name);
    } else {
      params.push_back("const " + p.type + " " + p.name);
    }
  }
  params.push_back("const int idx");
  params.push_back("const int idy");
  params.push_back("const int idz");
  o << "inline void icl_thread(";
  for (std::size_t i = 0; i < params.size(); ++i) o << (i ? ", " : "") << params[i];
  o << ")\n" << without_pragmas(source_text(ctx, a.kernel->getBody()->getSourceRange())) << "\n}  // namespace " << ns << "\n\n";

  o << "extern \"C\" const char* filterlab_icl_ref_" << m.name << "(const filterlab_icl_ref_arg* icl_args) {\n"
    << "  using namespace " << ns << ";\n  icl_error() = nullptr;\n";
  std::vector<std::string> call;
  for (std::size_t i = 0; i < m.params.size(); ++i) {
    const auto& p = m.params[i];
    const std::string arg = "icl_args[" + std::to_string(i) + "]";
    if (p.kind == Param::Image) {
      const auto* img = m.image(p.name);
      o << "  Image<" << p.type << ", " << p.dims << "> " << p.name << "{static_cast<" << p.type << "*>(" << arg << ".data), " << arg
        << ".w, " << arg << ".h, " << (p.dims == 3 ? arg + ".d" : "1") << ", " << boundary_enum(img->boundary) << ", (" << p.type
        << ")(" << img->boundary_value << "), " << (img->written ? "true" : "false") << ", " << p.type << "()};\n";
      if (img->written)
        o << "  " << p.name << ".written.assign(static_cast<std::size_t>(" << p.name << ".w) * " << p.name << ".h * " << p.name << ".d, 0);\n";
    } else if (p.kind == Param::Array) {
      const auto* arr = m.array(p.name);
      const std::string elem = (p.array_is_const ? "const " : "") + p.type;
      if (arr->shape.size() == 2)
        o << "  " << elem << " (*" << p.name << ")[" << arr->shape[1] << "] = reinterpret_cast<" << elem << " (*)[" << arr->shape[1]
          << "]>(" << arg << ".data);\n";
      else
        o << "  " << elem << "* " << p.name << " = static_cast<" << elem << "*>(" << arg << ".data);\n";
    } else {
      o << "  const " << p.type << " " << p.name << " = static_cast<" << p.type << ">(" << arg << ".scalar);\n";
    }
    call.push_back(p.name);
  }
  if (!m.grid_image.empty()) {
    const auto& g = m.grid_image;
    o << "  const int icl_gw = " << g << ".w, icl_gh = " << g << ".h, icl_gd = " << g << ".d;\n";
    for (const auto& other : m.grid_images)
      if (other != g)
        o << "  if (" << other << ".w != icl_gw || " << other << ".h != icl_gh || " << other << ".d != icl_gd)\n"
          << "    return \"the grid's Images " << g << " and " << other << " differ in size\";\n";
  } else {
    o << "  const int icl_gw = " << m.grid_width << ", icl_gh = " << m.grid_height << ", icl_gd = "
      << (m.grid_dims == 3 ? m.grid_depth : 1) << ";\n";
  }
  o << "  for (int icl_z = 0; icl_z < icl_gd; ++icl_z)\n    for (int icl_y = 0; icl_y < icl_gh; ++icl_y)\n"
    << "      for (int icl_x = 0; icl_x < icl_gw; ++icl_x) {\n"
    << "        icl_thread(";
  for (const auto& c : call) o << c << ", ";
  o << "icl_x, icl_y, icl_z);\n        if (icl_error()) return icl_error();\n      }\n";
  for (const auto& img : m.images)
    if (img.written) o << "  if (const char* e = icl_unwritten(" << img.name << ", \"" << img.name << "\")) return e;\n";
  o << "  return nullptr;\n}\n";
  return o.str();
}

}  // namespace filterlab::imagecl
