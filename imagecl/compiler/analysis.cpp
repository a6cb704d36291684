#include "analysis.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "builtins.hpp"
#include "cxx_only.hpp"
#include "index_eval.hpp"
#include "integer_sums.hpp"
#include "limits.hpp"
#include "op_count.hpp"
#include "pragma_rules.hpp"
#include "reporter.hpp"
#include "simd.hpp"
#include "tuning.hpp"
#include "vector_types.hpp"

namespace filterlab::imagecl {

using namespace clang;

// OpenCL scalar type names for the Clang builtins ImageCL accepts as pixels, elements and scalars.
std::optional<std::string> scalar_name(QualType t) {
  const auto* b = t.getCanonicalType()->getAs<BuiltinType>();
  if (!b) return std::nullopt;
  switch (b->getKind()) {
    case BuiltinType::Float:
      return "float";
    case BuiltinType::UChar:
      return "uchar";
    case BuiltinType::Char_S:
    case BuiltinType::SChar:
      return "char";
    case BuiltinType::UShort:
      return "ushort";
    case BuiltinType::Short:
      return "short";
    case BuiltinType::Int:
      return "int";
    case BuiltinType::UInt:
      return "uint";
    default:
      return std::nullopt;
  }
}

namespace {

constexpr long kMaxUnroll = 32;               // largest unroll factor offered
constexpr long kConstantMemoryBytes = 65536;  // OpenCL's minimum CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE

// float4, uchar2, ...: an OpenCL vector type's name (its element one of the scalar types above
// or long/ulong), or nothing.
std::optional<std::string> vector_name(QualType t) {
  const auto* v = t.getCanonicalType()->getAs<ExtVectorType>();
  if (!v) return std::nullopt;
  auto e = scalar_name(v->getElementType());
  if (!e) {
    const auto* b = v->getElementType()->getAs<BuiltinType>();
    if (b && b->getKind() == BuiltinType::Long)
      e = "long";
    else if (b && b->getKind() == BuiltinType::ULong)
      e = "ulong";
    else
      return std::nullopt;
  }
  return *e + std::to_string(v->getNumElements());
}

// uint8_t, int16_t, ...: the prelude's typedefs for the names C users write.
bool is_fixed_width(const std::string& n) {
  static const std::regex fixed("u?int(8|16|32|64)_t");
  return std::regex_match(n, fixed);
}

// Scalar parameters may also be bool (passed as an int 0 or 1), long and ulong.
std::optional<std::string> scalar_parameter_name(QualType t) {
  if (auto n = scalar_name(t)) return n;
  const auto* b = t.getCanonicalType()->getAs<BuiltinType>();
  if (!b) return std::nullopt;
  switch (b->getKind()) {
    case BuiltinType::Bool:
      return "bool";
    case BuiltinType::Long:
      return "long";
    case BuiltinType::ULong:
      return "ulong";
    default:
      return std::nullopt;
  }
}

// Image<T, D> -> D.
int image_dims(QualType t) {
  const auto* spec = cast<ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
  return static_cast<int>(spec->getTemplateArgs()[1].getAsIntegral().getExtValue());
}

// Image<T> -> T, or nothing when `t` is not an Image.
std::optional<QualType> image_pixel(QualType t) {
  const auto* rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  const auto* spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getName() != "Image") return std::nullopt;
  return spec->getTemplateArgs()[0].getAsType();
}

// Does `body` assign or take the address of `v`, or contain break/continue?
class LoopBodyScan : public RecursiveASTVisitor<LoopBodyScan> {
 public:
  explicit LoopBodyScan(const VarDecl* v) : v_(v) {}
  bool modifies = false, jumps = false;
  bool refers(const Expr* e) const {
    const auto* r = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return r && r->getDecl() == v_;
  }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && refers(b->getLHS())) modifies = true;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && refers(u->getSubExpr())) modifies = true;
    return true;
  }
  bool VisitBreakStmt(BreakStmt*) { return jumps = true; }
  bool VisitContinueStmt(ContinueStmt*) { return jumps = true; }

 private:
  const VarDecl* v_;
};

std::string loc_text(const SourceManager& sm, SourceLocation loc) {
  const auto p = sm.getPresumedLoc(loc);
  return p.isValid() ? "line " + std::to_string(p.getLine()) : "unknown line";
}

// An assignment or ++/-- anywhere in `s` (the only calls in a kernel are Image reads and the
// prelude's builtins, which change nothing).
bool writes_something(const Stmt* s) {
  if (!s) return false;
  if (const auto* b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp()) return true;
  if (const auto* u = dyn_cast<UnaryOperator>(s); u && u->isIncrementDecrementOp()) return true;
  for (const auto* c : s->children())
    if (writes_something(c)) return true;
  return false;
}

// A call in the kernel or a helper: forbidden functions are errors; a builtin's inexactness is
// recorded; an argument of another type than the chosen overload's gets an explicit cast in the
// OpenCL (OpenCL C has more overloads: sqrt(int) would be ambiguous, sqrt(2.0) double precision).
void check_call(const CallExpr* c, Reporter& rep, Analysis& a) {
  const auto* f = c->getDirectCallee();
  if (!f || !f->getIdentifier()) return;
  const auto name = f->getName();
  if (name == "barrier" || name == "mem_fence" || name == "work_group_barrier")
    rep.error(c->getBeginLoc(),
              "'" + name.str() +
                  "' is not allowed: ImageCL has no barriers or fences (logical "
                  "threads are independent; split the kernel in two and run them one after the other)");
  else if (name.startswith("get_"))
    rep.error(c->getBeginLoc(), "'" + name.str() +
                                    "' is not allowed: ImageCL has a flat grid of logical threads; "
                                    "use idx and idy");
  else if (const auto why = refused_builtin_reason(name.str()); !why.empty())
    rep.error(c->getBeginLoc(), why);
  else if (c->getNumArgs() == f->getNumParams()) {
    if (const auto acc = builtin_accuracy(name.str()); acc && acc->ulp != 0)
      a.model.inexact_builtins[name.str()] = acc->ulp;
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      const auto given = c->getArg(i)->IgnoreParenImpCasts()->getType().getCanonicalType().getUnqualifiedType();
      const auto wanted = f->getParamDecl(i)->getType().getCanonicalType().getUnqualifiedType();
      // A double parameter (convert_*'s overload for unsuffixed literals) is cast to float.
      if (given != wanted || wanted->isSpecificBuiltinType(BuiltinType::Double)) {
        a.builtin_casts.push_back(c);
        break;
      }
    }
  }
}

class KernelVisitor : public RecursiveASTVisitor<KernelVisitor> {
 public:
  KernelVisitor(ASTContext& ctx, Reporter& rep, Analysis& a) : ctx_(ctx), rep_(rep), a_(a) {}

  bool TraverseForStmt(ForStmt* s) {
    LoopInfo info = analyse_loop(s);
    a_.loops.push_back({s, info.id});
    a_.model.loops.push_back(info);
    const VarDecl* var = loop_var(s);
    const bool push = info.fixed_range && info.trip_count > 0;
    if (push) env_[var] = {info.first, info.first + info.trip_count - 1};  // an interval: never enumerated
    RecursiveASTVisitor::TraverseForStmt(s);
    if (push) env_.erase(var);
    return true;
  }

  bool VisitCallExpr(CallExpr* c) {
    check_call(c, rep_, a_);
    return true;
  }

  bool VisitReturnStmt(ReturnStmt* r) {
    rep_.error(r->getBeginLoc(),
               "'return' is not allowed in an ImageCL kernel: thread coarsening runs the body "
               "several times per work-item; use if/else instead");
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator* b) {
    if (!b->isAssignmentOp()) return true;
    const Expr* lhs = b->getLHS()->IgnoreParens();
    check_scalar_write(lhs, b->getBeginLoc());
    if (auto acc = match_image(lhs)) {
      auto& img = image(acc->image);
      if (b->getOpcode() == BO_Assign) {
        if (!is_statement(b))
          rep_.error(b->getBeginLoc(), "a write to Image '" + acc->image +
                                           "' must be a statement of its own "
                                           "(its value cannot be used)");
        write_sites_.insert(lhs);
        a_.writes.push_back({b, *acc});
        Evaluator ex(ctx_, env_), ey(ctx_, env_);
        const auto x = ex.eval(acc->x), y = ey.eval(acc->y);
        write_indices_.push_back(
            {b->getBeginLoc(), acc->image, x, y, acc->z, !ex.problem.empty() ? ex.problem : ey.problem});
        check_index(ex.overflow ? ex : ey, x, y, acc->image, b->getBeginLoc());
        const auto at = [](const std::optional<Affine>& e, long cx, long cy) {
          return e && e->cx == cx && e->cy == cy && e->lo == 0 && e->hi == 0;
        };
        if (!at(x, 1, 0) || !at(y, 0, 1) || acc->z) model_image(acc->image).writes_at_thread = false;
      } else {
        note_read(img, b->getBeginLoc());
      }
      note_write(img, b->getBeginLoc());
    } else if (const auto* arr = match_array(lhs)) {
      array_written(arr->getName().str(), b->getBeginLoc());
      if (b->getOpcode() == BO_Assign) write_sites_.insert(lhs);
    }
    return true;
  }

  bool VisitCompoundAssignOperator(CompoundAssignOperator* b) {
    if (b->getOpcode() != BO_AddAssign && b->getOpcode() != BO_SubAssign) return true;
    const auto* mul = dyn_cast<BinaryOperator>(b->getRHS()->IgnoreParenImpCasts());
    if (!mul || mul->getOpcode() != BO_Mul || writes_something(b->getRHS()) || !is_statement(b)) return true;
    for (const Expr* side : {mul->getLHS(), mul->getRHS()})
      if (const auto* arr = match_array(side->IgnoreParenImpCasts())) {
        a_.weighted_sums.push_back({b, side->IgnoreParenImpCasts(), arr->getName().str()});
        break;
      }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator* u) {
    const Expr* sub = u->getSubExpr()->IgnoreParens();
    if (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) check_scalar_write(sub, u->getBeginLoc());
    if (auto acc = match_image(sub)) {
      if (u->getOpcode() == UO_AddrOf) {
        rep_.error(u->getBeginLoc(), "taking the address of a pixel of Image '" + acc->image +
                                         "' is not allowed: ImageCL forbids aliasing of Images");
      } else if (u->isIncrementDecrementOp()) {
        note_read(image(acc->image), u->getBeginLoc());
        note_write(image(acc->image), u->getBeginLoc());
      }
    } else if (const auto* arr = match_array(sub)) {
      if (u->getOpcode() == UO_AddrOf) array(arr->getName().str()).other_use = true;
      if (u->isIncrementDecrementOp()) array_written(arr->getName().str(), u->getBeginLoc());
    }
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr* c) {
    auto acc = match_image(c);
    if (!acc) return true;
    if (write_sites_.count(c)) return true;
    auto& img = image(acc->image);
    note_read(img, c->getBeginLoc());
    a_.reads.push_back(*acc);
    auto& model = model_image(acc->image);
    {  // x and y of 2-D and 3-D reads (z is not evaluated)
      Evaluator ex(ctx_, env_), ey(ctx_, env_);
      offsets_.push_back({c->getBeginLoc(), acc->image, ex.eval(acc->x), ey.eval(acc->y), conditional(c)});
    }
    if (model.dims == 3) {  // no stencils (nor local memory) for volumes yet
      if (model.stencil_problem.empty())
        model.stencil_problem = "3-D Images are not tiled in local memory (not implemented)";
      return true;
    }
    Evaluator ev(ctx_, env_);
    auto x = ev.eval(acc->x);
    std::optional<Affine> y;
    if (x) y = ev.eval(acc->y);
    if (!check_index(ev, x, y, acc->image, c->getBeginLoc())) return true;
    auto& info = model_image(acc->image);
    if (!info.stencil_problem.empty()) return true;
    if (!x || !y) {
      info.stencil_problem = ev.problem;
    } else if (x->cx != 1 || x->cy != 0 || y->cx != 0 || y->cy != 1) {
      info.stencil_problem = loc_text(ctx_.getSourceManager(), c->getBeginLoc()) + ": the read is not of the form " +
                             acc->image + "[idx + c1][idy + c2]";
    } else {
      // check_index bounded the offsets by kMaxOffset: they and the halo (max - min) fit int.
      const int mnx = static_cast<int>(x->lo), mxx = static_cast<int>(x->hi);
      const int mny = static_cast<int>(y->lo), mxy = static_cast<int>(y->hi);
      if (!img.any_stencil) {
        info.min_x = mnx, info.max_x = mxx, info.min_y = mny, info.max_y = mxy;
        img.any_stencil = true;
      } else {
        info.min_x = std::min(info.min_x, mnx), info.max_x = std::max(info.max_x, mxx);
        info.min_y = std::min(info.min_y, mny), info.max_y = std::max(info.max_y, mxy);
      }
    }
    return true;
  }

  // Every work-item sees the same array: a write from two of them to one element is a data race.
  void array_written(const std::string& name, SourceLocation loc) {
    auto& arr = array(name);
    if (!arr.written)
      rep_.error(
          loc,
          "array parameter '" + name +
              "' is written: every work-item shares it, so two work-items may write one "
              "element (a data race; ImageCL has no atomics): write the results to an Image, or copy to a local array");
    arr.written = true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* c) {
    const auto* ref = dyn_cast<DeclRefExpr>(c->getImplicitObjectArgument()->IgnoreParenImpCasts());
    const auto* p = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    const auto* method = c->getMethodDecl();
    if (!p || !method || !images_.count(p->getName().str())) return true;
    consumed_refs_.insert(ref);
    const std::string name = p->getName().str(), m = method->getName().str();
    a_.size_queries.push_back({c, name, m == "width" ? "WIDTH" : m == "height" ? "HEIGHT" : "DEPTH"});
    model_image(name).size_queried = true;
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr* s) {
    if (rows_of_2d_.count(s)) return true;  // m[i] inside m[i][j]
    if (const auto* inner = row_of_2d(s)) {
      rows_of_2d_.insert(inner);
      const auto* base = cast<DeclRefExpr>(inner->getBase()->IgnoreParenImpCasts());
      consumed_refs_.insert(base);
      const auto name = base->getDecl()->getName().str();
      a_.array2d.push_back({s, inner->getIdx(), s->getIdx(), a_.model.array(name)->shape[1]});
      if (!write_sites_.count(s)) array(name).read = true;
      return true;
    }
    const auto* arr = match_array(s);
    if (!arr) return true;
    consumed_refs_.insert(s->getBase()->IgnoreParenImpCasts());
    if (!conditional(s)) {  // checked against the bound once the pragmas are read
      Evaluator ev(ctx_, env_);
      if (const auto i = ev.eval(s->getIdx()); i && i->cx == 0 && i->cy == 0)
        array_indices_.push_back({s, arr->getName().str(), i->lo, i->hi});
    }
    if (!write_sites_.count(s)) array(arr->getName().str()).read = true;
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr* r) {
    const auto* v = dyn_cast<VarDecl>(r->getDecl());
    if (!v) return true;
    if (v->hasGlobalStorage() && v->getName() == "idz" && first_idz.isInvalid()) first_idz = r->getBeginLoc();
    if (!isa<ParmVarDecl>(v) || consumed_refs_.count(r)) return true;
    const auto name = v->getName().str();
    if (images_.count(name))
      rep_.error(r->getBeginLoc(), "Image '" + name + "' may only be indexed as " + name +
                                       "[x][y] (no copies, pointers or single indices: Images must not alias)");
    else if (const auto* arr = a_.model.array(name); arr && arr->shape.size() == 2)
      rep_.error(r->getBeginLoc(),
                 "2-D array '" + name + "' may only be indexed as " + name + "[i][j] (it is passed as a flat array)");
    else if (arr)
      array(name).other_use = true;
    return true;
  }

  bool VisitLabelStmt(LabelStmt* l) {
    labels_.push_back(l);
    return true;
  }
  bool VisitGotoStmt(GotoStmt*) { return has_goto_ = true; }
  bool VisitTypedefTypeLoc(TypedefTypeLoc tl) {
    const auto n = tl.getTypedefNameDecl()->getName();
    if (n == "Pixel") a_.uses_pixel = true;
    if (is_fixed_width(n.str())) a_.uses_fixed_width = true;
    return true;
  }
  bool has_goto_ = false;  // a goto can skip any read: none is proven to run

  // A read whose offsets are known, for the check that it stays inside an Image without a boundary.
  struct ReadOffsets {
    SourceLocation loc;
    std::string image;
    std::optional<Affine> x, y;
    bool conditional = false;  // under if, ?:, &&, ||, while, switch or a loop that may not run
  };
  std::vector<ReadOffsets> offsets_;
  struct WriteIndex {
    SourceLocation loc;
    std::string image;
    std::optional<Affine> x, y;
    const Expr* z = nullptr;  // 3-D Images
    std::string problem;      // why x or y is not affine
  };
  std::vector<WriteIndex> write_indices_;
  struct ArrayIndex {
    const ArraySubscriptExpr* at;
    std::string array;
    long lo, hi;
  };
  std::vector<ArrayIndex> array_indices_;  // constant (or loop-variable) indices of 1-D arrays, always evaluated
  std::vector<const LabelStmt*> labels_;
  std::set<std::string> scalars_;

  // The for loops around `s`, innermost first.
  std::vector<const ForStmt*> enclosing_loops(const Stmt* s) {
    std::vector<const ForStmt*> out;
    DynTypedNode node = DynTypedNode::create(*s);
    for (;;) {
      const auto parents = ctx_.getParents(node);
      if (parents.empty()) return out;
      if (const auto* f = parents[0].get<ForStmt>()) out.push_back(f);
      if (parents[0].get<FunctionDecl>()) return out;
      node = parents[0];
    }
  }

  // Per-image bookkeeping beyond the model: where it was first read and written.
  struct ImageState {
    SourceLocation first_read, first_write;
    bool any_stencil = false;
  };
  std::map<std::string, ImageState> images_;
  SourceLocation first_idz;  // idz needs a 3-D grid, known only after the pragmas

 private:
  // An Image index the evaluator bounded must stay within int and within kMaxOffset of the thread's
  // pixel; false (after an error at `loc`) when it does not.
  bool check_index(const Evaluator& ev, const std::optional<Affine>& x, const std::optional<Affine>& y,
                   const std::string& image, SourceLocation loc) {
    if (ev.overflow) {
      rep_.error(loc, "the index of this access to Image '" + image + "' overflows int (" +
                          ev.problem.substr(ev.problem.find(": ") + 2) + "): use offsets within " +
                          std::to_string(-kMaxOffset) + ".." + std::to_string(kMaxOffset));
      return false;
    }
    for (const auto* e : {&x, &y}) {
      if (!*e) continue;
      const long lo = (*e)->lo, hi = (*e)->hi;
      const long nearest = lo > 0 ? lo : hi < 0 ? -hi : 0, farthest = std::max(-lo, hi);
      if (nearest > kMaxOffset) {
        rep_.error(loc, "this access to Image '" + image + "' is " + std::to_string(nearest) +
                            " pixels from (idx, idy), beyond the limit of " + std::to_string(kMaxOffset) +
                            " (2^20, the largest image side): it can only land outside the Image; "
                            "use a smaller offset");
        return false;
      }
      if (farthest > kMaxReach) {
        rep_.error(loc, "this access to Image '" + image + "' reaches " + std::to_string(farthest) +
                            " pixels from (idx, idy), beyond the "
                            "limit of " +
                            std::to_string(kMaxReach) +
                            " (2^29: the stencil's extent must fit int); use a smaller range");
        return false;
      }
    }
    return true;
  }

  const VarDecl* loop_var(const ForStmt* s) const {
    const auto* ds = dyn_cast_or_null<DeclStmt>(s->getInit());
    if (!ds || !ds->isSingleDecl()) return nullptr;
    return dyn_cast<VarDecl>(ds->getSingleDecl());
  }

  std::optional<long> single(const Expr* e) {
    Evaluator ev(ctx_, env_);
    auto a = ev.eval(e);
    if (!a || a->cx != 0 || a->cy != 0 || !a->single()) return std::nullopt;
    return a->lo;
  }

  LoopInfo analyse_loop(const ForStmt* s) {
    LoopInfo info;
    info.id = static_cast<int>(a_.model.loops.size());
    const auto p = ctx_.getSourceManager().getPresumedLoc(s->getBeginLoc());
    info.line = p.getLine(), info.column = p.getColumn();
    const VarDecl* v = loop_var(s);
    if (!v || !v->getInit()) {
      info.reason = "the loop does not declare one variable with an initial value";
      return info;
    }
    info.variable = v->getName().str();
    const auto first = single(v->getInit());
    const auto* cond = dyn_cast_or_null<BinaryOperator>(s->getCond() ? s->getCond()->IgnoreParenImpCasts() : nullptr);
    LoopBodyScan scan(v);
    std::optional<long> end;
    if (cond && (cond->getOpcode() == BO_LT || cond->getOpcode() == BO_LE) && scan.refers(cond->getLHS())) {
      const auto bound = single(cond->getRHS());
      const long past = bound.value_or(0) + (cond->getOpcode() == BO_LE ? 1 : 0);  // |bound| fits int: no overflow
      // `i <= INT_MAX` holds for every int: the loop would run until i overflows (undefined behaviour).
      if (bound && past > std::numeric_limits<int>::max() && v->getType()->isSpecificBuiltinType(BuiltinType::Int))
        rep_.error(cond->getBeginLoc(), "this loop never ends: '" + info.variable + " <= " + std::to_string(*bound) +
                                            "' holds for every int " + info.variable +
                                            " (it would overflow); use '<' or a smaller bound");
      else if (bound)
        end = past;
    }
    bool unit_step = false;
    if (const auto* inc = s->getInc()) {
      if (const auto* u = dyn_cast<UnaryOperator>(inc->IgnoreParens()))
        unit_step = u->isIncrementOp() && scan.refers(u->getSubExpr());
      if (const auto* c = dyn_cast<CompoundAssignOperator>(inc->IgnoreParens()))
        unit_step = c->getOpcode() == BO_AddAssign && scan.refers(c->getLHS()) && single(c->getRHS()) == 1L;
    }
    scan.TraverseStmt(const_cast<Stmt*>(s->getBody()));
    if (!first || !end || !unit_step) {
      info.reason = "the range is not 'for (int i = A; i < B; ++i)' with constant A and B";
      return info;
    }
    if (scan.modifies) {
      info.reason = "the body modifies the loop variable";
      return info;
    }
    info.fixed_range = true;
    info.first = *first;
    info.trip_count = std::max(0L, *end - *first);  // both fit int: no overflow
    info.jumps = scan.jumps;
    if (scan.jumps) {
      info.reason = "the body contains break or continue";
    } else if (info.trip_count < 2) {
      info.reason = "fewer than two iterations";
    } else {
      info.unrollable = true;
      info.factors.push_back(1);
      for (long f = 2; f <= std::min(info.trip_count, kMaxUnroll); ++f)
        if (info.trip_count % f == 0) info.factors.push_back(f);
    }
    return info;
  }

  // Is `e` (an assignment) a statement on its own, not a value used by another expression?
  bool is_statement(const Expr* e) {
    DynTypedNode node = DynTypedNode::create(*e);
    for (;;) {
      const auto parents = ctx_.getParents(node);
      if (parents.empty()) return true;
      if (const auto* pe = parents[0].get<Expr>()) {
        if (isa<ExprWithCleanups>(pe) || isa<ParenExpr>(pe)) {
          node = parents[0];
          continue;
        }
        return false;
      }
      return true;
    }
  }

  // img[x][y] on a 2-D Image or img[x][y][z] on a 3-D one; a subscript count that does not match
  // the Image's dimensions is an error (reported once, at the outermost subscript).
  std::optional<ImageAccess> match_image(const Expr* e) {
    std::vector<const CXXOperatorCallExpr*> chain;  // outermost first
    const Expr* cur = e->IgnoreParens();
    while (const auto* op = dyn_cast<CXXOperatorCallExpr>(cur)) {
      if (op->getOperator() != OO_Subscript || op->getNumArgs() != 2) return std::nullopt;
      chain.push_back(op);
      cur = op->getArg(0)->IgnoreImplicit();
    }
    const auto* base = dyn_cast<DeclRefExpr>(cur);
    const auto* p = base ? dyn_cast<ParmVarDecl>(base->getDecl()) : nullptr;
    if (chain.empty() || !p || !images_.count(p->getName().str())) return std::nullopt;
    const std::string name = p->getName().str();
    if (inner_calls_.count(chain.front())) return std::nullopt;  // part of an access already matched
    for (std::size_t i = 1; i < chain.size(); ++i) inner_calls_.insert(chain[i]);
    consumed_refs_.insert(base);
    const int dims = model_image(name).dims;
    if (static_cast<int>(chain.size()) != dims) {
      if (reported_shape_.insert(chain.front()).second)
        rep_.error(chain.front()->getBeginLoc(), "Image '" + name + "' has " + std::to_string(dims) +
                                                     " dimensions: index it as " + name +
                                                     (dims == 3 ? "[x][y][z]" : "[x][y]"));
      return std::nullopt;
    }
    ImageAccess acc{e->IgnoreParens(), chain.back()->getArg(1), chain[chain.size() - 2]->getArg(1), nullptr, name};
    if (dims == 3) acc.z = chain.front()->getArg(1);
    return acc;
  }

  // arr[i] on a 1-D array parameter, or arr[i][j] on a 2-D one.
  const ParmVarDecl* match_array(const Expr* e) {
    const auto* s = dyn_cast<ArraySubscriptExpr>(e->IgnoreParens());
    if (!s) return nullptr;
    if (const auto* inner = row_of_2d(s))
      return cast<ParmVarDecl>(cast<DeclRefExpr>(inner->getBase()->IgnoreParenImpCasts())->getDecl());
    const auto* base = dyn_cast<DeclRefExpr>(s->getBase()->IgnoreParenImpCasts());
    const auto* p = base ? dyn_cast<ParmVarDecl>(base->getDecl()) : nullptr;
    const auto* arr = p ? a_.model.array(p->getName().str()) : nullptr;
    if (!arr || arr->shape.size() == 2) return nullptr;
    return p;
  }

  // For m[i][j] on a 2-D array parameter m: the inner m[i].
  const ArraySubscriptExpr* row_of_2d(const ArraySubscriptExpr* s) {
    const auto* inner = dyn_cast<ArraySubscriptExpr>(s->getBase()->IgnoreParenImpCasts());
    if (!inner) return nullptr;
    const auto* base = dyn_cast<DeclRefExpr>(inner->getBase()->IgnoreParenImpCasts());
    const auto* p = base ? dyn_cast<ParmVarDecl>(base->getDecl()) : nullptr;
    const auto* arr = p ? a_.model.array(p->getName().str()) : nullptr;
    return arr && arr->shape.size() == 2 ? inner : nullptr;
  }

  // Scalar parameters are shared by the logical threads of a work-item (and const in OpenCL).
  void check_scalar_write(const Expr* target, SourceLocation loc) {
    const auto* r = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts());
    if (!r || !isa<ParmVarDecl>(r->getDecl()) || !scalars_.count(r->getDecl()->getName().str())) return;
    const auto n = r->getDecl()->getName().str();
    rep_.error(loc, "scalar parameter '" + n +
                        "' is read-only (the generated kernel passes it as const): copy it into a "
                        "local variable first (float my_" +
                        n + " = " + n + ";)");
  }

  // Is `e` evaluated only under a condition: inside an if/else branch, the second operand of ?:,
  // && or ||, a while/do/switch, or a for loop that is not a fixed range of at least one
  // iteration without break/continue?
  bool conditional(const Expr* e) {
    DynTypedNode node = DynTypedNode::create(*e);
    for (;;) {
      const auto parents = ctx_.getParents(node);
      if (parents.empty() || parents[0].get<FunctionDecl>()) return false;
      const auto& p = parents[0];
      const auto* child = node.get<Stmt>();
      if (const auto* i = p.get<IfStmt>(); i && child != i->getCond()) return true;
      if (const auto* c = p.get<ConditionalOperator>(); c && child != c->getCond()) return true;
      if (const auto* b = p.get<BinaryOperator>(); b && b->isLogicalOp() && child == b->getRHS()) return true;
      if (p.get<WhileStmt>() || p.get<DoStmt>() || p.get<SwitchStmt>() || p.get<BinaryConditionalOperator>())
        return true;
      if (const auto* f = p.get<ForStmt>(); f && child != f->getInit()) {
        for (const auto& site : a_.loops)
          if (site.loop == f) {
            const auto& l = a_.model.loops[static_cast<std::size_t>(site.id)];
            if (!l.fixed_range || l.trip_count < 1 || l.jumps) return true;
          }
      }
      node = p;
    }
  }

  void note_read(ImageState& s, SourceLocation loc) {
    if (s.first_read.isInvalid()) s.first_read = loc;
  }
  void note_write(ImageState& s, SourceLocation loc) {
    if (s.first_write.isInvalid()) s.first_write = loc;
  }
  ImageState& image(const std::string& n) { return images_[n]; }
  ImageInfo& model_image(const std::string& n) {
    for (auto& i : a_.model.images)
      if (i.name == n) return i;
    return a_.model.images.front();  // unreachable: match_image only matches known Images
  }
  ArrayInfo& array(const std::string& n) {
    for (auto& i : a_.model.arrays)
      if (i.name == n) return i;
    return a_.model.arrays.front();  // unreachable: callers check a_.model.array(n) first
  }

  ASTContext& ctx_;
  Reporter& rep_;
  Analysis& a_;
  Env env_;
  std::set<const Expr*> write_sites_, consumed_refs_, inner_calls_, reported_shape_, rows_of_2d_;
};

bool in_user_file(const SourceManager& sm, SourceLocation loc, const std::string& path) {
  const auto p = sm.getPresumedLoc(loc);
  return p.isValid() && path == p.getFilename();
}

// The kernel: the one __kernel function, or (the authors' dialect) the one function when none is
// marked. File-scope constants become tables; anything else at file scope is an error.
void find_kernel(ASTContext& ctx, Reporter& rep, const std::string& path, Analysis& a) {
  const auto& sm = ctx.getSourceManager();
  std::vector<const FunctionDecl*> functions;
  for (const auto* d : ctx.getTranslationUnitDecl()->decls()) {
    if (!in_user_file(sm, d->getLocation(), path) || isa<EmptyDecl>(d)) continue;
    if (const auto* f = dyn_cast<FunctionDecl>(d)) {
      functions.push_back(f);
    } else if (const auto* v = dyn_cast<VarDecl>(d)) {
      const auto n = v->getNameAsString();
      if (!v->getType().isConstQualified() || !v->getInit())
        rep.error(v->getLocation(), "file-scope variable '" + n +
                                        "' must be a constant table: declare it __constant or const "
                                        "with an initializer (OpenCL C has no writable program-scope variables)");
      else if (!v->getInit()->isConstantInitializer(ctx, false))
        rep.error(v->getInit()->getBeginLoc(), "the initializer of '" + n +
                                                   "' is not a constant (OpenCL C computes no "
                                                   "program-scope values): write the numbers, or a #define");
      else if (n.rfind("icl_", 0) == 0)
        rep.error(v->getLocation(), "names starting with icl_ are reserved for the compiler");
      else
        a.tables.push_back(v);
    } else {
      rep.error(d->getLocation(),
                "only the kernel function, #define macros and constant tables may appear at file scope "
                "(no typedef, struct, enum, namespace or template)");
    }
  }
  bool marked = false;
  for (const auto* f : functions) {
    if (!f->hasAttr<AnnotateAttr>()) continue;
    marked = true;
    if (a.kernel)
      rep.error(f->getLocation(), "a second kernel '" + f->getNameAsString() +
                                      "': an ImageCL source holds exactly one "
                                      "__kernel function (the first is '" +
                                      a.kernel->getNameAsString() + "')");
    else
      a.kernel = f;
  }
  if (!marked && !functions.empty()) a.kernel = functions.back();  // helpers come before their use
  for (const auto* f : functions)
    if (f != a.kernel && !f->hasAttr<AnnotateAttr>()) a.helpers.push_back(f);
  if (a.kernel && !a.kernel->hasBody()) {
    rep.error(a.kernel->getLocation(), "the kernel '" + a.kernel->getNameAsString() + "' has no body");
    a.kernel = nullptr;
  } else if (a.kernel && !a.kernel->getReturnType()->isVoidType()) {
    rep.error(a.kernel->getLocation(), "the kernel '" + a.kernel->getNameAsString() + "' must return void");
  }
}

void read_parameters(Reporter& rep, Analysis& a, KernelVisitor& v) {
  for (const auto* p : a.kernel->parameters()) {
    Param prm;
    prm.name = p->getNameAsString();
    const QualType t = p->getType();
    if (auto pixel = image_pixel(t)) {
      auto name = scalar_name(*pixel);
      if (const auto vector = vector_name(*pixel)) {
        // Vectors of 2 or 4 lanes of a pixel type: colour (RGBA) and two-channel images.
        const auto vt = parse_vector_type(*vector);
        const bool element =
            scalar_name(pixel->getCanonicalType()->getAs<ExtVectorType>()->getElementType()).has_value();
        if (!element || (vt->lanes != 2 && vt->lanes != 4)) {
          rep.error(p->getLocation(),
                    "Image pixel type '" + *vector +
                        "' is not supported: a vector pixel has 2 or 4 lanes of float, "
                        "uchar, char, ushort, short, int or uint" +
                        (vt->lanes == 3 ? std::string(" (a 3-lane vector occupies 4 lanes in OpenCL memory: use " +
                                                      vt->element + "4 and leave w unused)")
                                        : std::string()));
          continue;
        }
        name = vector;
      }
      if (!name) {
        rep.error(p->getLocation(),
                  "Image pixel type '" + pixel->getAsString() +
                      "' is not supported (use float, uchar, char, ushort, short, int or uint, or a vector of "
                      "2 or 4 of them such as float4)");
        continue;
      }
      if (t->isReferenceType())
        rep.error(p->getLocation(), "pass Image '" + prm.name + "' by value: Image<T> " + prm.name);
      prm.kind = Param::Image, prm.type = *name, prm.dims = image_dims(t);
      if (prm.dims != 2 && prm.dims != 3) {
        rep.error(p->getLocation(), "Image '" + prm.name + "' has " + std::to_string(prm.dims) +
                                        " dimensions: use Image<T> (2-D) or Image<T, 3>");
        continue;
      }
      ImageInfo info;
      info.name = prm.name, info.pixel = *name, info.dims = prm.dims;
      a.model.images.push_back(info);
      v.images_[prm.name];
    } else if (t->isPointerType()) {
      // T* k, T k[N] or T m[R][C] (the declared sizes survive in the original type).
      QualType elem = t->getPointeeType();
      std::vector<long> shape;
      if (const auto* arr = p->getASTContext().getAsConstantArrayType(p->getOriginalType())) {
        shape.push_back(static_cast<long>(arr->getSize().getZExtValue()));
        elem = arr->getElementType();
        if (const auto* inner = p->getASTContext().getAsConstantArrayType(elem)) {
          shape.push_back(static_cast<long>(inner->getSize().getZExtValue()));
          elem = inner->getElementType();
        }
      }
      if (elem->isArrayType()) {
        rep.error(p->getLocation(), "array parameter '" + prm.name + "': only T* " + prm.name + ", T " + prm.name +
                                        "[N] and T " + prm.name + "[R][C] are supported (with their sizes declared)");
        continue;
      }
      const auto name = scalar_name(elem);
      if (!name) {
        rep.error(p->getLocation(), "array element type '" + elem.getAsString() + "' is not supported");
        continue;
      }
      prm.kind = Param::Array, prm.type = *name, prm.array_is_const = elem.isConstQualified();
      ArrayInfo info;
      info.name = prm.name, info.element = *name, info.shape = shape;
      if (!shape.empty()) info.bound = shape.size() == 2 ? shape[0] * shape[1] : shape[0];
      a.model.arrays.push_back(info);
    } else if (const auto name = scalar_parameter_name(t)) {
      prm.kind = Param::Scalar, prm.type = *name;
      v.scalars_.insert(prm.name);
    } else {
      rep.error(p->getLocation(), "parameter type '" + t.getAsString() +
                                      "' is not supported (Image<T>, T* or a scalar: bool, char, "
                                      "uchar, short, ushort, int, uint, long, ulong or float)");
      continue;
    }
    if (prm.name.rfind("icl_", 0) == 0)
      rep.error(p->getLocation(), "names starting with icl_ are reserved for the compiler");
    a.model.params.push_back(prm);
  }
  // Every Image gets size parameters <name>_w, _h (and _d): no other parameter may take those names.
  for (const auto* p : a.kernel->parameters())
    for (const auto& img : a.model.images)
      for (const char* suffix : {"_w", "_h", "_d"})
        if (p->getName() == img.name + suffix)
          rep.error(p->getLocation(), "'" + p->getNameAsString() + "' is the name of Image '" + img.name +
                                          "''s size parameter: rename it");
}

void decide_eligibility(Reporter& rep, const std::vector<PragmaDirective>& pragmas, KernelVisitor& v, Analysis& a) {
  auto& m = a.model;
  for (auto& img : m.images) {
    const auto& st = v.images_[img.name];
    img.read = st.first_read.isValid(), img.written = st.first_write.isValid();
    if (img.read && img.written) {
      rep.error(st.first_write,
                "Image '" + img.name +
                    "' is both read and written: ImageCL Images are read-only "
                    "or write-only in a kernel (no read-write images in OpenCL C 1.2); write a second Image");
      rep.note(st.first_read, "'" + img.name + "' is read here");
    }
    img.stencil_known = img.read && img.stencil_problem.empty() && st.any_stencil;
    const bool vector_pixel = parse_vector_type(img.pixel).has_value();
    img.image_memory_eligible = img.read != img.written && img.dims == 2 && !vector_pixel;
    if (!img.image_memory_eligible)
      img.image_memory_reason =
          img.dims == 3  ? "3-D Images stay in buffers (writing image3d_t needs cl_khr_3d_image_writes)"
          : vector_pixel ? "vector pixels stay in buffers (no image formats are generated for them)"
          : img.read     ? "read and written"
                         : "never used";
    img.local_memory_eligible = img.read && !img.written && img.stencil_known && a.model.grid_dims == 2;
    if (!img.local_memory_eligible)
      img.local_memory_reason = img.written     ? "written"
                                : !img.read     ? "never read"
                                : img.dims == 3 ? "3-D Images are not tiled in local memory (not implemented)"
                                : a.model.grid_dims == 3 && img.stencil_known
                                    ? "local memory is not implemented for 3-D grids"
                                    : "the analysis cannot bound its index: " + img.stencil_problem;
    img.window_eligible = img.local_memory_eligible && img.dims == 2;
    if (img.read && img.stencil_known && img.dims == 2 && img.boundary != BoundaryKind::None && a.model.grid_dims == 2)
      m.interior_eligible = true;
  }
  for (auto& arr : m.arrays) {
    if (arr.literal.empty()) continue;
    const auto at = std::find_if(pragmas.begin(), pragmas.end(), [&](const PragmaDirective& d) {
      return d.keyword == "weights" && !d.args.empty() && d.args[0] == arr.name;
    });
    const auto loc = at == pragmas.end() ? a.kernel->getLocation() : at->loc;
    const long count = static_cast<long>(arr.literal.size());
    if (arr.bound <= 0) arr.bound = count;  // the weights give the size
    if (count != arr.bound)
      rep.error(loc, "weights(" + arr.name + ", ...) gives " + std::to_string(count) + " values but '" + arr.name +
                         "' has " + std::to_string(arr.bound) + " elements: give exactly one value per element");
    else if (arr.written || arr.other_use)
      rep.error(loc, "weights(" + arr.name + ", ...): '" + arr.name + "' is " +
                         (arr.written ? "written" : "used other than by indexing") +
                         " in the kernel; only arrays the kernel only reads can have known values");
    else
      arr.literal_eligible = arr.read;
  }
  for (auto& arr : m.arrays) {
    arr.constant_memory_eligible = arr.read && !arr.written && !arr.other_use && arr.bound > 0 &&
                                   arr.bound * scalar_bytes(arr.element) <= kConstantMemoryBytes;
    if (arr.written)
      arr.constant_memory_reason = "written";
    else if (arr.other_use)
      arr.constant_memory_reason = "used other than by indexing";
    else if (arr.bound <= 0)
      arr.constant_memory_reason = "no size bound: add #pragma imagecl bound(" + arr.name + ", N)";
    else if (!arr.read)
      arr.constant_memory_reason = "never read";
    else if (!arr.constant_memory_eligible)
      arr.constant_memory_reason = "larger than 64 KiB";
  }
  // The interior split emits the body twice: a label would be defined twice.
  if (!v.labels_.empty()) m.interior_eligible = false;
  // A forced "on" must be possible: say why not where the pragma is.
  for (const auto& d : pragmas) {
    if (d.keyword != "force" || d.args.size() != 3 || d.args[2] != "on") continue;
    const auto* img = m.image(d.args[1]);
    const auto* arr = m.array(d.args[1]);
    if (d.args[0] == "local_memory" && img && !img->local_memory_eligible)
      rep.error(d.loc, "local memory cannot be used for '" + img->name + "': " + img->local_memory_reason);
    if (d.args[0] == "image_memory" && img && !img->image_memory_eligible)
      rep.error(d.loc, "image memory cannot be used for '" + img->name + "': " + img->image_memory_reason);
    if (d.args[0] == "constant_memory" && arr && !arr->constant_memory_eligible)
      rep.error(d.loc, "constant memory cannot be used for '" + arr->name + "': " + arr->constant_memory_reason);
  }
  for (const auto& [key, value] : m.forced)
    if (key.rfind("unroll:", 0) == 0 && value == 1) {
      const auto& l = m.loops[static_cast<std::size_t>(std::stoi(key.substr(7)))];
      if (!l.unrollable)
        rep.error(a.loops[static_cast<std::size_t>(l.id)].loop->getBeginLoc(),
                  "this loop cannot be unrolled: " + l.reason);
    }
}

// Helper functions: scalars in, a scalar out, defined before their use, none of the kernel's
// context (idx, idy, idz, Images), and what reject_cxx_only refuses in the kernel (recursion,
// static locals, C++): the generated OpenCL and the CPU reference carry them as written, after
// the builtins' casts, and the device compiler inlines them.
class HelperVisitor : public RecursiveASTVisitor<HelperVisitor> {
 public:
  HelperVisitor(Reporter& rep, Analysis& a) : rep_(rep), a_(a) {}
  bool VisitCallExpr(CallExpr* c) {  // recursion: reject_cxx_only
    check_call(c, rep_, a_);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr* r) {
    const auto* v = dyn_cast<VarDecl>(r->getDecl());
    const auto n = r->getDecl()->getName();
    if (v && v->hasGlobalStorage() && (n == "idx" || n == "idy" || n == "idz"))
      rep_.error(r->getBeginLoc(),
                 "'" + n.str() + "' is the kernel's: a helper function cannot use it; pass it as a parameter");
    return true;
  }

 private:
  Reporter& rep_;
  Analysis& a_;
};

void check_helpers(ASTContext& ctx, Reporter& rep, const std::string& path, Analysis& a) {
  const auto& sm = ctx.getSourceManager();
  for (const auto* f : a.helpers) {
    const auto n = f->getNameAsString();
    if (const auto* prev = f->getPreviousDecl(); prev && !in_user_file(sm, prev->getLocation(), path)) {
      rep.error(f->getLocation(), "'" + n + "' is an OpenCL C builtin: give the helper another name");
      continue;
    }
    if (!f->doesThisDeclarationHaveABody()) {
      rep.error(f->getLocation(),
                "helper function '" + n + "' has no body: define it (with its body) before the kernel");
      continue;
    }
    if (f->isVariadic() || f->isTemplated())
      rep.error(f->getLocation(), "helper function '" + n + "' must be a plain function");
    const auto value_type = [](QualType t) { return scalar_parameter_name(t) || vector_name(t); };
    if (!value_type(f->getReturnType()))
      rep.error(f->getLocation(),
                "helper function '" + n + "' returns '" + f->getReturnType().getAsString() +
                    "': a helper returns a scalar (bool, char, uchar, short, ushort, int, uint, long, ulong or float) "
                    "or a vector of them (float4, ...)");
    for (const auto* g : a.helpers)
      if (g != f && g->getName() == f->getName() && g->getLocation() < f->getLocation()) {
        rep.error(f->getLocation(),
                  "a second helper named '" + n + "': OpenCL C has no overloading; give it another name");
        break;
      }
    for (const auto* p : f->parameters())
      if (p->hasDefaultArg())
        rep.error(p->getLocation(), "default arguments are C++, not OpenCL C: pass every argument");
    for (const auto* p : f->parameters())
      if (!value_type(p->getType()))
        rep.error(p->getLocation(),
                  "parameter '" + p->getNameAsString() + "' of helper '" + n + "' has the type '" +
                      p->getType().getAsString() +
                      "': a helper takes scalars and vectors (pass a pixel's value, not an Image or array)");
    reject_cxx_only(ctx, rep, f, {});
    HelperVisitor(rep, a).TraverseStmt(f->getBody());
  }
}

// A read the stencil analysis proves outside an Image that has no boundary condition: offset -c
// at idx = 0 (every grid has that thread), or +c at the last column of a grid Image.
void check_reads_inside(ASTContext& ctx, Reporter& rep, KernelVisitor& v, Analysis& a) {
  const auto& m = a.model;
  std::set<std::string> reported;
  const auto& grid = m.grid_images;
  for (const auto& r : v.offsets_) {
    const auto* img = m.image(r.image);
    if (!img || img->boundary != BoundaryKind::None || r.conditional || v.has_goto_ || reported.count(r.image))
      continue;
    const bool same_size = std::find(grid.begin(), grid.end(), r.image) != grid.end();
    std::string where;
    // At the thread idx = idy = 0 (every grid has it) an index reads its constant part, so a
    // negative constant is outside whatever the coefficients; +c with coefficient 1 passes the
    // last column (row) of an Image of the grid's size.
    const auto probe = [&](const std::optional<Affine>& e, bool is_x) {
      if (!e || !where.empty()) return;
      const char* var = is_x ? "idx" : "idy";
      const long lo = e->lo, hi = e->hi;
      const bool plain = is_x ? e->cx == 1 && e->cy == 0 : e->cx == 0 && e->cy == 1;
      if (lo < 0)
        where = plain ? std::string(var) + " " + std::to_string(lo) + " at " + var + " = 0"
                      : std::string(is_x ? "column " : "row ") + std::to_string(lo) + " at idx = idy = 0";
      else if (hi > 0 && plain && same_size)
        where = std::string(var) + " + " + std::to_string(hi) + " at the last " + (is_x ? "column" : "row");
    };
    probe(r.x, true);
    probe(r.y, false);
    if (where.empty()) continue;
    reported.insert(r.image);
    rep.error(r.loc, "this read of Image '" + r.image + "' goes outside it (" + where + ") and '" + r.image +
                         "' has no boundary condition: add '#pragma imagecl boundary(" + r.image + ", clamped)' (or " +
                         "boundary(" + r.image + ", constant, 0), boundary(" + r.image + ", reflect101), boundary(" +
                         r.image + ", reflect) or " + "boundary(" + r.image + ", wrap)) before the kernel");
  }
  (void)ctx;
}

// Is there a nonzero multiple of `step` in [lo, hi]?
bool nonzero_multiple_in(long step, long lo, long hi) {
  const long m = step < 0 ? -step : step;
  long k = lo >= 0 ? (lo + m - 1) / m : -((-lo) / m);  // the smallest k with k * m >= lo
  if (k == 0) k = 1;                                   // zero is not a meeting: the next is m
  return k * m <= hi;
}

// Logical threads run in no defined order: two of them writing one pixel leave it undefined (a
// data race). Every write of an Image must therefore put each grid axis on its own Image axis
// (img[a * idx + c1][b * idy + c2] or img[a * idy + c1][b * idx + c2], one form per Image, a and
// b nonzero, c1 and c2 constants or fixed-range loop variables; a 3-D Image's z is idz), and the
// offsets of any two writes must differ by less than the stride, so that no two work-items meet.
void check_disjoint_writes(Reporter& rep, KernelVisitor& v, Analysis& a) {
  const auto& m = a.model;
  const std::string form =
      " (a write must be img[a * idx + c1][b * idy + c2], a and b nonzero, c1 and c2 constants or variables of "
      "fixed-range loops, so that the compiler can prove that no two work-items write one pixel)";
  std::map<std::string, const KernelVisitor::WriteIndex*> first_of;
  std::set<std::string> reported;
  const auto fail = [&](const KernelVisitor::WriteIndex& w, const std::string& why) {
    if (reported.insert(w.image).second)
      rep.error(w.loc, "two work-items may write the same pixel of Image '" + w.image + "' (a data race): " + why);
  };
  for (const auto& w : v.write_indices_) {
    const auto* img = m.image(w.image);
    if (!img || reported.count(w.image)) continue;
    if (m.grid_dims == 3 && img->dims == 2) {
      fail(w, "the grid is 3-D but '" + w.image +
                  "' is 2-D, so work-items that differ only in idz write one pixel; write a 3-D Image");
      continue;
    }
    if (w.z) {
      const auto* z = dyn_cast<DeclRefExpr>(w.z->IgnoreParenImpCasts());
      if (!z || z->getDecl()->getName() != "idz") {
        fail(w, "the z index must be idz");
        continue;
      }
    }
    if (!w.x || !w.y) {
      fail(w,
           "the compiler cannot bound the index" + (w.problem.empty() ? std::string() : " (" + w.problem + ")") + form);
      continue;
    }
    const bool straight = w.x->cy == 0 && w.y->cx == 0 && w.x->cx != 0 && w.y->cy != 0;
    const bool crossed = w.x->cx == 0 && w.y->cy == 0 && w.x->cy != 0 && w.y->cx != 0;
    if (!straight && !crossed) {
      fail(w, "its index does not give idx and idy an Image axis each" + form);
      continue;
    }
    const auto [it, first] = first_of.emplace(w.image, &w);
    const auto& f = *it->second;
    if (!first && (f.x->cx != w.x->cx || f.x->cy != w.x->cy || f.y->cx != w.y->cx || f.y->cy != w.y->cy)) {
      const bool unreported = !reported.count(w.image);
      fail(w, "its writes use different multiples of idx and idy; write every pixel with the same form" + form);
      if (unreported) rep.note(f.loc, "the first write of '" + w.image + "' is here");
      continue;
    }
  }
  // Offsets: along each Image axis, two writes (or one write at two loop values) of work-items a
  // stride apart meet when their offsets differ by a nonzero multiple of the stride.
  for (const auto& [image, f] : first_of) {
    if (reported.count(image)) continue;
    const long sx = f->x->cx != 0 ? f->x->cx : f->x->cy, sy = f->y->cy != 0 ? f->y->cy : f->y->cx;
    for (const auto& w1 : v.write_indices_)
      for (const auto& w2 : v.write_indices_) {
        if (w1.image != image || w2.image != image || reported.count(image)) continue;
        if (nonzero_multiple_in(sx, w2.x->lo - w1.x->hi, w2.x->hi - w1.x->lo) ||
            nonzero_multiple_in(sy, w2.y->lo - w1.y->hi, w2.y->hi - w1.y->lo))
          fail(w2, "the offsets of its writes reach a neighbouring work-item's pixels (stride " + std::to_string(sx) +
                       " x " + std::to_string(sy) + ", offsets " + std::to_string(w2.x->lo) + ".." +
                       std::to_string(w2.x->hi) + " x " + std::to_string(w2.y->lo) + ".." + std::to_string(w2.y->hi) +
                       ")" + form);
      }
  }
}

// Vector stores buffer a work-item's row of outputs and store it whole: every slot must be
// written, so one write must be a statement of the kernel's body itself (ImageCL has no return).
void decide_vector_stores(ASTContext& ctx, KernelVisitor& v, Analysis& a) {
  auto& m = a.model;
  if (m.grid_dims != 2 || !v.labels_.empty() || v.has_goto_) return;
  const Stmt* body = a.kernel->getBody();
  const auto top_level = [&](const Expr* e) {
    DynTypedNode node = DynTypedNode::create(*e);
    for (;;) {
      const auto parents = ctx.getParents(node);
      if (parents.empty()) return false;
      if (const auto* pe = parents[0].get<Expr>(); pe && (isa<ExprWithCleanups>(pe) || isa<ParenExpr>(pe))) {
        node = parents[0];
        continue;
      }
      return parents[0].get<Stmt>() == body;
    }
  };
  for (auto& img : m.images) {
    if (!img.written || img.read || img.dims != 2 || img.name != m.grid_image || !img.writes_at_thread) continue;
    if (parse_vector_type(img.pixel)) continue;  // vstoreN of vector pixels is not generated
    img.vector_store_eligible = std::any_of(a.writes.begin(), a.writes.end(), [&](const ImageWrite& w) {
      return w.access.image == img.name && top_level(w.assign);
    });
  }
}

// A window of floats for an uchar/ushort Image whose every read is at once converted to float
// (through lvalue-to-rvalue, no-op and widening integer casts and parentheses): the values are the same, converted
// once per loaded pixel.
void decide_float_windows(ASTContext& ctx, Analysis& a) {
  const auto to_float = [&](const Expr* e) {
    DynTypedNode node = DynTypedNode::create(*e);
    for (;;) {
      const auto parents = ctx.getParents(node);
      if (parents.empty()) return false;
      if (const auto* pe = parents[0].get<ParenExpr>()) {
        node = DynTypedNode::create(*pe);
        continue;
      }
      const auto* cast = parents[0].get<CastExpr>();
      if (!cast) return false;
      // The promotion to int (or a wider unsigned type) keeps an 8- or 16-bit value as it is.
      const bool widening = cast->getCastKind() == CK_IntegralCast && ctx.getTypeSize(cast->getType()) >= 32;
      if (cast->getCastKind() == CK_LValueToRValue || cast->getCastKind() == CK_NoOp || widening) {
        node = parents[0];
        continue;
      }
      return cast->getCastKind() == CK_IntegralToFloating && cast->getType()->isSpecificBuiltinType(BuiltinType::Float);
    }
  };
  for (auto& img : a.model.images) {
    if (!img.window_eligible || (img.pixel != "uchar" && img.pixel != "ushort")) continue;
    // window_eligible implies the Image is read, so "none of its reads fails" is not vacuous.
    img.float_window = std::none_of(a.reads.begin(), a.reads.end(),
                                    [&](const ImageAccess& r) { return r.image == img.name && !to_float(r.whole); });
  }
}

// An array index the analysis knows, evaluated on every run, must lie inside the array's bound
// (its declared size, or `bound`): a device reads past the buffer it was given.
void check_array_indices(Reporter& rep, KernelVisitor& v, Analysis& a) {
  std::set<std::string> reported;
  for (const auto& i : v.array_indices_) {
    const auto* arr = a.model.array(i.array);
    if (!arr || arr->bound <= 0 || (i.lo >= 0 && i.hi < arr->bound) || !reported.insert(i.array).second) continue;
    const std::string index = i.lo == i.hi ? std::to_string(i.lo) : std::to_string(i.lo) + ".." + std::to_string(i.hi);
    rep.error(i.at->getBeginLoc(), "index " + index + " of array '" + i.array + "' is outside its " +
                                       std::to_string(arr->bound) + " elements (0.." + std::to_string(arr->bound - 1) +
                                       "): raise its bound or size, or fix the index");
  }
}

// Unrolling copies a loop body: a label in it would be defined twice.
void check_labels(Reporter& rep, KernelVisitor& v, Analysis& a) {
  for (const auto* l : v.labels_) {
    bool reported = false;
    for (const auto* loop : v.enclosing_loops(l)) {
      for (const auto& site : a.loops) {
        if (site.loop != loop || reported) continue;
        const auto& info = a.model.loops[static_cast<std::size_t>(site.id)];
        const auto forced = a.model.forced.find("unroll:" + std::to_string(info.id));
        if (!info.unrollable || (forced != a.model.forced.end() && forced->second == 0)) continue;
        rep.error(l->getBeginLoc(),
                  "label '" + std::string(l->getName()) + "' inside a loop that can be unrolled (line " +
                      std::to_string(info.line) +
                      "): unrolling would copy the label; put "
                      "'#pragma imagecl force(unroll, off)' on the line before that loop, or avoid the label");
        reported = true;
      }
    }
  }
}

// Why `name` cannot name a variable, parameter, label or the kernel in the generated OpenCL C, or
// "" when it can: the OpenCL C words Clang's C++ parse accepts as names (keywords, built-in and
// vector types, the device's macros) and the names the generator emits.
std::string reserved_name_reason(const std::string& name, const KernelModel& m) {
  static const std::regex opencl_word(
      "(__)?(read_only|write_only|read_write)|u?(char|short|int|long)|uchar|ushort|uint|ulong|half|quad|bool|size_t|"
      "ptrdiff_t|"
      "u?intptr_t|image(1d|1d_array|1d_buffer|2d|2d_array|2d_depth|2d_array_depth|2d_msaa|3d)_t|sampler_t|event_t|"
      "queue_t|"
      "ndrange_t|clk_event_t|reserve_id_t|cl_mem_fence_flags|pipe|complex|imaginary|"
      "(u?(char|short|int|long)|float|double|half|bool|quad)(2|3|4|8|16)|(float|double|half)(2|3|4|8|16)x(2|3|4|8|16)");
  static const std::regex device_macro(
      "(M_[A-Z0-9_]+)|(FLT|DBL|HALF|CHAR|SCHAR|UCHAR|SHRT|USHRT|INT|UINT|LONG|ULONG|FP)_[A-Z0-9_]+|MAXFLOAT|HUGE_VALF?|"
      "INFINITY|NAN|"
      "CLK_[A-Z0-9_]+|__OPENCL_[A-Z0-9_]+|__ENDIAN_LITTLE__|__IMAGE_SUPPORT__|__FAST_RELAXED_MATH__|__kernel_exec");
  if (std::regex_match(name, opencl_word))
    return "'" + name + "' is an OpenCL C keyword or type: the device compiler rejects it as a name";
  if (std::regex_match(name, device_macro))
    return "'" + name + "' is a macro of the OpenCL device compiler: it would replace the name";
  if (name.rfind("ICL_", 0) == 0 || name.rfind("icl_", 0) == 0 || name.rfind("__icl", 0) == 0)
    return "names starting with " + name.substr(0, name.find('_') + 1) +
           " are reserved for the compiler (the generated code uses them)";
  for (const auto& img : m.images)
    for (const char* suffix : {"_w", "_h", "_d"})
      if (name == img.name + suffix)
        return "'" + name + "' is the name of Image '" + img.name + "''s size parameter in the generated code";
  return "";
}

// Every name the kernel declares: the kernel itself, its parameters, tables, locals and labels.
class NameCheck : public RecursiveASTVisitor<NameCheck> {
 public:
  NameCheck(Reporter& rep, const KernelModel& m) : rep_(rep), m_(m) {}
  void check(const NamedDecl* d) {
    if (!d->getIdentifier()) return;
    const auto why = reserved_name_reason(d->getName().str(), m_);
    if (!why.empty() && reported_.insert(d).second) rep_.error(d->getLocation(), why + ": rename it");
  }
  bool VisitVarDecl(VarDecl* v) { return check(v), true; }
  bool VisitLabelStmt(LabelStmt* l) { return check(l->getDecl()), true; }

 private:
  Reporter& rep_;
  const KernelModel& m_;
  std::set<const NamedDecl*> reported_;
};

void check_names(Reporter& rep, Analysis& a) {
  NameCheck names(rep, a.model);
  names.check(a.kernel);
  for (const auto* p : a.kernel->parameters())  // the parameters' own checks cover icl_ and the size names
    if (p->getIdentifier() && !p->getName().startswith("icl_") &&
        std::none_of(a.model.images.begin(), a.model.images.end(),
                     [&](const ImageInfo& i) { return p->getName().startswith(i.name + "_"); }))
      names.check(p);
  for (const auto* t : a.tables)
    if (!t->getName().startswith("icl_")) names.check(t);
  names.TraverseStmt(a.kernel->getBody());
  for (const auto* f : a.helpers) {
    names.check(f);
    for (const auto* p : f->parameters()) names.check(p);
    if (f->hasBody()) names.TraverseStmt(f->getBody());
  }
}

}  // namespace

// OpenCL vector types: which builtins on vectors are called (the CPU reference defines just
// those), the vector literals (Clang's C++ parse reads (float4)(a, b, c, d) as a cast of a comma
// expression; OpenCL C builds a vector of the components), and no write to one lane of a pixel.
class VectorVisitor : public RecursiveASTVisitor<VectorVisitor> {
 public:
  VectorVisitor(ASTContext& ctx, Reporter& rep, const std::string& path, Analysis& a)
      : ctx_(ctx), rep_(rep), path_(path), a_(a) {}

  bool VisitExpr(Expr* e) {
    if (e->getType()->isExtVectorType()) a_.uses_vectors = true;
    return true;
  }
  bool VisitVarDecl(VarDecl* v) {
    if (v->getType()->isExtVectorType()) a_.uses_vectors = true;
    return true;
  }
  bool VisitCallExpr(CallExpr* c) {
    const auto* f = c->getDirectCallee();
    if (!f || !f->getIdentifier() || in_user_file(ctx_.getSourceManager(), f->getLocation(), path_)) return true;
    bool vector = f->getReturnType()->isExtVectorType();
    for (const auto* p : f->parameters()) vector = vector || p->getType()->isExtVectorType();
    if (vector) a_.vector_builtins.insert(f->getNameAsString());
    return true;
  }
  bool VisitCStyleCastExpr(CStyleCastExpr* c) {
    const auto* to = c->getType()->getAs<ExtVectorType>();
    const auto* paren = dyn_cast<ParenExpr>(c->getSubExprAsWritten()->IgnoreImplicit());
    const auto* comma = paren ? dyn_cast<BinaryOperator>(paren->getSubExpr()->IgnoreImplicit()) : nullptr;
    if (!to || !comma || comma->getOpcode() != BO_Comma) return true;
    std::vector<const Expr*> parts;
    const Expr* e = comma;
    for (const BinaryOperator* b; (b = dyn_cast<BinaryOperator>(e->IgnoreImplicit())) && b->getOpcode() == BO_Comma;) {
      parts.insert(parts.begin(), b->getRHS());
      e = b->getLHS();
    }
    parts.insert(parts.begin(), e);
    const std::string name = vector_name(c->getType()).value_or(c->getType().getAsString());
    unsigned lanes = 0;
    for (const auto* part : parts) {
      const QualType t = part->IgnoreImplicit()->getType();
      if (const auto* v = t->getAs<ExtVectorType>()) {
        lanes += v->getNumElements();
        if (v->getElementType().getCanonicalType() != to->getElementType().getCanonicalType())
          rep_.error(part->getBeginLoc(), "a vector component of the literal (" + name + ")(...) must have " + name +
                                              "'s element type: convert it first (convert_" + name + "...)");
      } else if (t->isArithmeticType()) {
        lanes += 1;
      } else {
        rep_.error(part->getBeginLoc(),
                   "a component of the vector literal (" + name + ")(...) is neither a scalar nor a vector");
      }
    }
    if (lanes != to->getNumElements())
      rep_.error(c->getBeginLoc(), "the vector literal (" + name + ")(...) gives " + std::to_string(lanes) +
                                       " lanes; " + name + " has " + std::to_string(to->getNumElements()) +
                                       " (or give one value for every lane)");
    a_.vector_literals.push_back(c);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr* e) {
    if (e->getBase()->IgnoreParenImpCasts()->getType()->isExtVectorType())
      rep_.error(e->getBeginLoc(), "a vector indexed with [] is not OpenCL C 1.2: name its lanes (.x, .y, .s3, ...)");
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp()) lane_write(b->getLHS(), b->getBeginLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) lane_write(u->getSubExpr(), u->getBeginLoc());
    return true;
  }

 private:
  // A pixel is written whole: out[idx][idy].x = v would leave the other lanes to no thread.
  void lane_write(const Expr* lhs, SourceLocation loc) {
    const auto* lane = dyn_cast<ExtVectorElementExpr>(lhs->IgnoreParens());
    if (!lane) return;
    const auto* op = dyn_cast<CXXOperatorCallExpr>(lane->getBase()->IgnoreParenImpCasts());
    const auto* m = op ? dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee()) : nullptr;
    if (!m || m->getParent()->getName() != "__icl_column") return;
    rep_.error(loc, "a write to lanes of a pixel ('." + lane->getAccessor().getName().str() +
                        "'): write the whole pixel, e.g. "
                        "out[idx][idy] = (float4)(r, g, b, a), from a local vector whose lanes you set");
  }

  ASTContext& ctx_;
  Reporter& rep_;
  const std::string& path_;
  Analysis& a_;
};

void check_vectors(ASTContext& ctx, Reporter& rep, const std::string& path, Analysis& a) {
  VectorVisitor v(ctx, rep, path, a);
  v.TraverseStmt(a.kernel->getBody());
  for (const auto* h : a.helpers) v.TraverseDecl(const_cast<FunctionDecl*>(h));
  for (const auto* t : a.tables) v.TraverseDecl(const_cast<VarDecl*>(t));
  for (const auto* p : a.kernel->parameters())
    if (p->getType()->isExtVectorType() ||
        (image_pixel(p->getType()) && image_pixel(p->getType())->getTypePtr()->isExtVectorType()))
      a.uses_vectors = true;
}

bool analyse(ASTContext& ctx, const std::vector<PragmaDirective>& pragmas, const std::string& path, Analysis& a) {
  Reporter rep(ctx.getDiagnostics());
  a.model.source_path = path;
  find_kernel(ctx, rep, path, a);
  if (!a.kernel) {
    if (!rep.failed())
      rep.error(a.user_start,
                "no kernel function in " + path +
                    ": write one, e.g. "
                    "'__kernel void k(Image<float> in, Image<float> out)' after '#pragma imagecl grid(out)'");
    return false;
  }
  reject_cxx_only(ctx, rep, a.kernel, a.tables);
  check_helpers(ctx, rep, path, a);
  check_vectors(ctx, rep, path, a);
  for (const auto* t : a.tables) {
    const auto type = t->getType().getAsString();
    if (type.find("Pixel") != std::string::npos) a.uses_pixel = true;
    if (std::regex_search(type, std::regex("\\bu?int(8|16|32|64)_t\\b"))) a.uses_fixed_width = true;
  }
  a.model.name = a.kernel->getNameAsString();
  KernelVisitor v(ctx, rep, a);
  read_parameters(rep, a, v);
  check_names(rep, a);
  v.TraverseStmt(a.kernel->getBody());
  apply_pragmas(ctx, rep, pragmas, a);
  if (const auto* g = a.model.image(a.model.grid_image)) {
    a.model.grid_dims = g->dims;
  }
  if (v.first_idz.isValid() && a.model.grid_dims != 3)
    rep.error(v.first_idz, "idz needs a 3-D grid: grid(<Image<T, 3>>) or grid(W, H, D)");
  if (a.model.grid_image.empty() && a.model.grid_width == 0)
    rep.error(a.kernel->getLocation(),
              "no grid: add '#pragma imagecl grid(<Image>)' or '#pragma imagecl grid(W, H)' "
              "before the kernel");
  decide_eligibility(rep, pragmas, v, a);
  check_reads_inside(ctx, rep, v, a);
  check_labels(rep, v, a);
  check_array_indices(rep, v, a);
  check_disjoint_writes(rep, v, a);
  decide_vector_stores(ctx, v, a);
  decide_float_windows(ctx, a);
  if (!rep.failed()) plan_simd(ctx, a);
  if (!rep.failed()) plan_integer_sums(ctx, a);
  if (!rep.failed() && !a.uses_vectors)
    a.model.counts = count_operations(ctx, a);  // before the tuning: `exact` needs them
  if (!a.helpers.empty())
    a.model.counts =
        KernelCounts{false, "the kernel calls helper functions (their operations are not counted)", {}, {}};
  if (a.uses_vectors)
    a.model.counts = KernelCounts{false, "the kernel uses vector types (their operations are not counted)", {}, {}};
  build_tuning(a.model);
  return !rep.failed();
}

}  // namespace filterlab::imagecl
