#pragma once
// The ImageCL analyses on Clang's AST: the one kernel and its parameters, which Images and arrays
// are only read or only written, the stencil of every Image read (constant propagation through
// fixed-range loops), constant-memory eligibility, the loops that can be unrolled, and the
// pragmas. Errors go through Clang's diagnostics (file:line:column of the ImageCL source).
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model.hpp"
#include "pragmas.hpp"

namespace filterlab::imagecl {

struct ImageAccess {
  const clang::Expr* whole = nullptr;  // img[x][y]
  const clang::Expr* x = nullptr;
  const clang::Expr* y = nullptr;
  const clang::Expr* z = nullptr;  // 3-D Images only
  std::string image;
};
struct ImageWrite {
  const clang::BinaryOperator* assign = nullptr;  // img[x][y] = value
  ImageAccess access;
};
// m[i][j] on a 2-D array parameter (flattened to m[i * columns + j] in OpenCL).
struct ArrayAccess2D {
  const clang::ArraySubscriptExpr* whole = nullptr;
  const clang::Expr* row = nullptr;
  const clang::Expr* column = nullptr;
  long columns = 0;
};
// acc += w[e] * expr or acc += expr * w[e] (also -=) as a statement, w an array parameter, no
// side effects on the right: with w's values known, a zero w[e] drops the statement.
struct WeightedSum {
  const clang::BinaryOperator* statement = nullptr;
  const clang::Expr* weight = nullptr;  // w[e] (or m[i][j])
  std::string array;
};
// img.width(), img.height(), img.depth(): the Image's size (ICL_WIDTH_<img>, ... in OpenCL).
struct SizeQuery {
  const clang::CXXMemberCallExpr* call = nullptr;
  std::string image;
  std::string axis;  // WIDTH, HEIGHT or DEPTH
};
struct LoopSite {
  const clang::ForStmt* loop = nullptr;
  int id = 0;
};

// The strip vectorisation (simd.hpp): whether the body can run N lanes at once, and how.
struct SimdPlan {
  bool eligible = false;
  std::string reason;                       // why not, when not eligible
  std::set<const clang::VarDecl*> varying;  // locals that hold N lanes
  // The rows in lockstep (lockstep.hpp): the locals that hold a value per row, the leaf statements
  // that run per row.
  bool lockstep = false;
  std::string lockstep_reason;
  std::set<const clang::VarDecl*> row_locals;
  std::set<const clang::Stmt*> row_statements;
};
// The integer-exact sums of one array (integer_sums.hpp): its accumulators, the conversions of
// their pixels to float (which the integer path leaves out) and the reads of the accumulators
// (which convert and scale).
struct IntegerSums {
  std::string array;
  std::set<const clang::VarDecl*> accumulators;
  std::set<const clang::CastExpr*> widenings;
  std::set<const clang::DeclRefExpr*> reads;
};
struct Analysis {
  KernelModel model;
  SimdPlan simd;
  std::vector<IntegerSums> integer_sums;
  const clang::FunctionDecl* kernel = nullptr;
  std::vector<ImageAccess> reads;
  std::vector<ImageWrite> writes;
  std::vector<LoopSite> loops;
  std::vector<ArrayAccess2D> array2d;
  std::vector<WeightedSum> weighted_sums;
  std::vector<SizeQuery> size_queries;
  // Calls of the prelude's builtins with an argument of another type than the overload Clang chose:
  // the OpenCL gets explicit casts (OpenCL C has more overloads: sqrt(int) would be ambiguous,
  // sqrt(2.0) double precision).
  std::vector<const clang::CallExpr*> builtin_casts;
  std::vector<const clang::VarDecl*> tables;        // file-scope constants (emitted as __constant)
  std::vector<const clang::FunctionDecl*> helpers;  // functions before the kernel, in source order
  clang::SourceLocation user_start;                 // the first character of the ImageCL file
  bool uses_pixel = false;                          // the body or a table names the type Pixel
  bool uses_fixed_width = false;  // the source names uint8_t, int16_t, ...: OpenCL C needs their typedefs
  // OpenCL vector types: the CPU reference is built by Clang (ext_vector_type), with the
  // definitions of the vector builtins called and its vector literals as calls of makers.
  bool uses_vectors = false;
  std::set<std::string> vector_builtins;                      // names of the vector overloads called
  std::vector<const clang::CStyleCastExpr*> vector_literals;  // (float4)(a, b, c, d)
};

// The OpenCL name of a scalar type ImageCL accepts as a pixel, element or scalar (float and the 8- to
// 32-bit integers), or nullopt.
std::optional<std::string> scalar_name(clang::QualType t);
// Fills `out`; returns false when an error was reported (the diagnostics say what and where).
bool analyse(clang::ASTContext& ctx, const std::vector<PragmaDirective>& pragmas, const std::string& path,
             Analysis& out);

}  // namespace filterlab::imagecl
