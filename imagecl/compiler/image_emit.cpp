#include "image_emit.hpp"

#include <algorithm>

namespace filterlab::imagecl {
namespace {

bool is_unsigned(const std::string& t) { return t == "uchar" || t == "ushort" || t == "uint"; }

// Image-memory read and write of one pixel of scalar type `t` (channel order CL_R). Macro
// parameters are upper case: a parameter named x would also replace the component .x.
std::string image_load(const std::string& t) {
  if (t == "float") return "read_imagef(P, icl_sampler, (int2)((X), (Y))).x";
  return "(" + t + ")" + (is_unsigned(t) ? "read_imageui" : "read_imagei") + "(P, icl_sampler, (int2)((X), (Y))).x";
}
std::string image_store(const std::string& t) {
  if (t == "float") return "write_imagef(P, (int2)((X), (Y)), (float4)((V), 0.0f, 0.0f, 0.0f))";
  if (is_unsigned(t)) return "write_imageui(P, (int2)((X), (Y)), (uint4)((uint)(V), 0u, 0u, 0u))";
  return "write_imagei(P, (int2)((X), (Y)), (int4)((int)(V), 0, 0, 0))";
}

}  // namespace

void storage_macros(std::ostream& o, const ImageInfo& img, bool switchable) {
  const std::string& n = img.name;
  const std::string& t = img.pixel;
  if (switchable) {
    o << "#if ICL_IMAGE_" << n << "\n#define ICL_PARAM_" << n << " " << (img.written ? "__write_only" : "__read_only")
      << " image2d_t " << n << "\n";
    if (img.read) o << "#define ICL_LOAD_" << n << "(P, W, X, Y) " << image_load(t) << "\n";
    if (img.written) o << "#define ICL_STORE_" << n << "(P, W, X, Y, V) " << image_store(t) << "\n";
    o << "#else\n";
  }
  o << "#define ICL_PARAM_" << n << " __global " << (img.written ? "" : "const ") << t << "* restrict " << n << "\n";
  if (img.read) o << "#define ICL_LOAD_" << n << "(P, W, X, Y) (P)[(size_t)(Y) * (size_t)(W) + (size_t)(X)]\n";
  if (img.written)
    o << "#define ICL_STORE_" << n << "(P, W, X, Y, V) ((P)[(size_t)(Y) * (size_t)(W) + (size_t)(X)] = (V))\n";
  if (switchable) o << "#endif\n";
}

void reflect101_helper(std::ostream& o) {
  o << "// reflect101 (gfedcb|abcdefgh|gfedcba), repeated for offsets wider than the image.\n"
       "int icl_reflect101(int i, const int n) {\n"
       "  if (n == 1) return 0;\n"
       "  while (i < 0 || i >= n) {\n"
       "    if (i < 0) i = -i;\n"
       "    if (i >= n) i = 2 * n - 2 - i;\n"
       "  }\n"
       "  return i;\n"
       "}\n";
}

void reflect_helper(std::ostream& o) {
  o << "// reflect (fedcba|abcdefgh|hgfedcb): period 2n, for offsets of any width.\n"
       "int icl_reflect(int i, const int n) {\n"
       "  i %= 2 * n;\n"
       "  if (i < 0) i += 2 * n;\n"
       "  return i < n ? i : 2 * n - 1 - i;\n"
       "}\n";
}

void wrap_helper(std::ostream& o) {
  o << "// wrap (cdefgh|abcdefgh|abcdefg): period n, for offsets of any width.\n"
       "int icl_wrap(int i, const int n) {\n"
       "  i %= n;\n"
       "  return i < 0 ? i + n : i;\n"
       "}\n";
}

void boundary_helpers(std::ostream& o, const std::vector<BoundaryKind>& kinds) {
  const auto uses = [&](BoundaryKind k) { return std::find(kinds.begin(), kinds.end(), k) != kinds.end(); };
  if (uses(BoundaryKind::Reflect101)) reflect101_helper(o);
  if (uses(BoundaryKind::Reflect)) reflect_helper(o);
  if (uses(BoundaryKind::Wrap)) wrap_helper(o);
}

std::string exact_pragma() {
  return "// exact 1: every float operation rounded, as the CPU reference (-ffp-contract=off); exact 0 leaves\n"
         "// OpenCL's default, FP_CONTRACT ON, under which a * b + c in one expression may become an fma.\n"
         "#if ICL_EXACT\n#pragma OPENCL FP_CONTRACT OFF\n#endif\n";
}

std::string kernel_scalar_type(const std::string& type) { return type == "bool" ? "int" : type; }

}  // namespace filterlab::imagecl
