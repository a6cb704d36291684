#include "vector_types.hpp"

#include <map>
#include <regex>
#include <sstream>
#include <vector>

namespace filterlab::imagecl {
namespace {

const char* const kElements[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float"};
const int kLanes[] = {2, 3, 4, 8, 16};

bool is_unsigned(const std::string& e) { return e[0] == 'u'; }
std::string unsigned_of(const std::string& e) { return e == "float" ? "uint" : is_unsigned(e) ? e : "u" + e; }
std::string signed_of(const std::string& e) { return e == "float" ? "int" : is_unsigned(e) ? e.substr(1) : e; }
std::string vec(const std::string& e, int n) { return e + std::to_string(n); }

// One overload: its types and the expression of lane i ($0, $1, $2: the arguments' lanes, or the
// scalar arguments themselves). An empty lane expression: a body written out in `body`.
struct Overload {
  std::string name, result;
  std::vector<std::string> args;
  std::string lane, body;
};

// Shapes: G the vector, S its element, U the unsigned vector of that element size, I the signed
// one, V int lanes, i int, f float.
std::string shape_type(char s, const std::string& e, int n) {
  switch (s) {
    case 'G':
      return vec(e, n);
    case 'S':
      return e;
    case 'U':
      return vec(unsigned_of(e), n);
    case 'I':
      return vec(signed_of(e), n);
    case 'V':
      return vec("int", n);
    case 'i':
      return "int";
    default:
      return "float";
  }
}

struct Builder {
  std::vector<Overload> out;
  // `shape` is "R:A,B": the result's and the arguments' shapes; `lane` uses $0.. for the arguments.
  void add(const std::string& name, const std::string& shape, const std::string& e, int n, const std::string& lane) {
    Overload o;
    o.name = name, o.result = shape_type(shape[0], e, n), o.lane = lane;
    for (std::size_t i = 2; i < shape.size(); i += 2) o.args.push_back(shape_type(shape[i], e, n));
    out.push_back(o);
  }
  void special(const std::string& name, const std::string& result, std::vector<std::string> args,
               const std::string& body) {
    out.push_back({name, result, std::move(args), "", body});
  }
};

std::string call(const std::string& f, int arity) {
  std::string s = f + "(";
  for (int i = 0; i < arity; ++i) s += (i ? ", $" : "$") + std::to_string(i);
  return s + ")";
}

void float_overloads(Builder& b, int n) {
  const std::string e = "float";
  for (const char* f :
       {"acos", "acosh", "acospi", "asin",  "asinh",  "asinpi", "atan",    "atanh",   "atanpi", "cbrt", "ceil",
        "cos",  "cosh",  "cospi",  "erfc",  "erf",    "exp",    "exp2",    "exp10",   "expm1",  "fabs", "floor",
        "log",  "log2",  "log10",  "log1p", "logb",   "rint",   "round",   "rsqrt",   "sin",    "sinh", "sinpi",
        "sqrt", "tan",   "tanh",   "tanpi", "tgamma", "trunc",  "degrees", "radians", "sign"})
    b.add(f, "G:G", e, n, call(f, 1));
  for (const char* f : {"atan2", "atan2pi", "copysign", "fdim", "fmax", "fmin", "fmod", "hypot", "maxmag", "minmag",
                        "nextafter", "pow", "powr", "remainder", "step", "min", "max"})
    b.add(f, "G:G,G", e, n, call(f, 2));
  for (const char* f : {"fmax", "fmin", "min", "max"}) b.add(f, "G:G,S", e, n, call(f, 2));
  b.add("step", "G:S,G", e, n, call("step", 2));
  for (const char* f : {"fma", "mad", "mix", "smoothstep", "clamp"}) b.add(f, "G:G,G,G", e, n, call(f, 3));
  b.add("mix", "G:G,G,S", e, n, call("mix", 3));
  b.add("clamp", "G:G,S,S", e, n, call("clamp", 3));
  b.add("smoothstep", "G:S,S,G", e, n, call("smoothstep", 3));
  for (const char* f : {"pown", "rootn", "ldexp"}) b.add(f, "G:G,V", e, n, call(f, 2));
  b.add("ldexp", "G:G,i", e, n, call("ldexp", 2));
  b.add("ilogb", "V:G", e, n, call("ilogb", 1));
  // A relational function on a vector gives -1 (all bits set) for true, on a scalar 1.
  for (const char* f : {"isnan", "isinf", "isfinite", "signbit"})
    b.add(f, "I:G", e, n, "(" + call(f, 1) + " ? -1 : 0)");
  const std::string g = vec(e, n), in = vec("int", n), un = vec("uint", n);
  b.add("as_" + g, "G:I", e, n, "as_float($0)");
  b.add("as_" + g, "G:U", e, n, "as_float($0)");
  b.add("as_" + in, "I:G", e, n, "as_int($0)");
  b.add("as_" + in, "I:U", e, n, "as_int($0)");
  b.add("as_" + un, "U:G", e, n, "as_uint($0)");
  b.add("as_" + un, "U:I", e, n, "as_uint($0)");
  if (n > 4) return;
  // Geometric functions (2, 3 and 4 lanes), with the bounds of builtins.cpp.
  const std::string lanes = std::to_string(n);
  b.special("dot", "float", {g, g}, "{ return icl_dot(a0, a1, " + lanes + "); }");
  b.special("length", "float", {g}, "{ return icl_length(a0, " + lanes + "); }");
  b.special("distance", "float", {g, g}, "{ return icl_distance(a0, a1, " + lanes + "); }");
  b.special("normalize", g, {g}, "{ return icl_normalize(a0, " + lanes + "); }");
  if (n >= 3) b.special("cross", g, {g, g}, "{ return icl_cross(a0, a1); }");
  // Declared so that the analysis can refuse them with a reason (OpenCL bounds no error of them).
  b.special("fast_length", "float", {g}, "");
  b.special("fast_distance", "float", {g, g}, "");
  b.special("fast_normalize", g, {g}, "");
}

void integer_overloads(Builder& b, const std::string& e, int n) {
  for (const char* f : {"clz", "popcount"}) b.add(f, "G:G", e, n, call(f, 1));
  b.add("abs", "U:G", e, n, "icl_vabs($0)");
  b.add("abs_diff", "U:G,G", e, n, "abs_diff($0, $1)");
  for (const char* f : {"add_sat", "sub_sat", "hadd", "rhadd", "mul_hi", "rotate"}) b.add(f, "G:G,G", e, n, call(f, 2));
  for (const char* f : {"mad_hi", "mad_sat"}) b.add(f, "G:G,G,G", e, n, call(f, 3));
  for (const char* shape : {"G:G,G", "G:G,S"}) {
    b.add("min", shape, e, n, "icl_vmin($0, $1)");
    b.add("max", shape, e, n, "icl_vmax($0, $1)");
  }
  b.add("clamp", "G:G,G,G", e, n, "icl_clamp($0, $1, $2)");
  b.add("clamp", "G:G,S,S", e, n, "icl_clamp($0, $1, $2)");
  if (e == "int" || e == "uint") {
    b.add("mul24", "G:G,G", e, n, call("mul24", 2));
    b.add("mad24", "G:G,G,G", e, n, call("mad24", 3));
  }
  if (!is_unsigned(e)) {
    const std::string lanes = std::to_string(n);
    b.special("any", "int", {vec(e, n)},
              "{ for (int i = 0; i < " + lanes + "; ++i) if (icl_msb(a0[i])) return 1; return 0; }");
    b.special("all", "int", {vec(e, n)},
              "{ for (int i = 0; i < " + lanes + "; ++i) if (!icl_msb(a0[i])) return 0; return 1; }");
  }
}

void conversions(Builder& b, int n) {
  for (const char* d : kElements)
    for (const bool sat : {false, true}) {
      if (sat && std::string(d) == "float") continue;
      for (const char* mode : {"", "_rte", "_rtz", "_rtp", "_rtn"}) {
        const std::string scalar = std::string("convert_") + d + (sat ? "_sat" : "") + mode;
        const std::string name = std::string("convert_") + d + std::to_string(n) + (sat ? "_sat" : "") + mode;
        for (const char* s : kElements) {
          Overload o;
          o.name = name, o.result = vec(d, n), o.args = {vec(s, n)}, o.lane = scalar + "($0)";
          b.out.push_back(o);
        }
      }
    }
}

const std::vector<Overload>& overloads() {
  static const std::vector<Overload> all = [] {
    Builder b;
    for (const int n : kLanes) {
      float_overloads(b, n);
      for (const char* e : kElements) {
        if (std::string(e) != "float") integer_overloads(b, e, n);
        // select(a, b, c): lane i is b's where c's most significant bit is set, else a's.
        for (const char* shape : {"G:G,G,I", "G:G,G,U"}) b.add("select", shape, e, n, "(icl_msb($2) ? $1 : $0)");
      }
      conversions(b, n);
    }
    return b.out;
  }();
  return all;
}

std::string typedefs() {
  std::ostringstream o;
  for (const char* e : kElements)
    for (const int n : kLanes)
      o << "typedef " << e << " " << vec(e, n) << " __attribute__((ext_vector_type(" << n << ")));\n";
  return o.str();
}

std::string lane_expression(const Overload& f) {
  std::string s = f.lane;
  for (std::size_t i = 0; i < f.args.size(); ++i) {
    const bool vector = parse_vector_type(f.args[i]).has_value();
    const std::string arg = "a" + std::to_string(i) + (vector ? "[i]" : "");
    for (std::size_t at; (at = s.find("$" + std::to_string(i))) != std::string::npos;) s.replace(at, 2, arg);
  }
  return s;
}

std::string definition(const Overload& f) {
  std::ostringstream o;
  o << "inline " << f.result << " " << f.name << "(";
  for (std::size_t i = 0; i < f.args.size(); ++i) o << (i ? ", " : "") << f.args[i] << " a" << i;
  o << ") ";
  if (!f.lane.empty()) {
    const int lanes = parse_vector_type(f.result)->lanes;
    o << "{ " << f.result << " r; for (int i = 0; i < " << lanes << "; ++i) r[i] = " << lane_expression(f)
      << "; return r; }";
  } else {
    o << f.body;
  }
  return o.str() + "\n";
}

// Lane counts for the literal makers, the lane-wise helpers and the geometric functions.
const char* const kReferenceHelpers = R"ICLVEC(
template <class T> struct icl_lanes { static constexpr int n = 1; };
#define ICL_LANES(e) \
  template <> struct icl_lanes<e##2> { static constexpr int n = 2; }; template <> struct icl_lanes<e##3> { static constexpr int n = 3; }; \
  template <> struct icl_lanes<e##4> { static constexpr int n = 4; }; template <> struct icl_lanes<e##8> { static constexpr int n = 8; }; \
  template <> struct icl_lanes<e##16> { static constexpr int n = 16; };
ICL_LANES(char) ICL_LANES(uchar) ICL_LANES(short) ICL_LANES(ushort) ICL_LANES(int) ICL_LANES(uint) ICL_LANES(long) ICL_LANES(ulong) ICL_LANES(float)
#undef ICL_LANES
// A vector literal (float4)(a, v.xy, b): scalars take one lane each (converted to the element
// type), vectors their lanes in order; the front end checked that the lanes add up.
template <class V, class A> void icl_put(V& v, int& k, A a) {
  if constexpr (icl_lanes<A>::n == 1) {
    v[k++] = a;
  } else {
    for (int j = 0; j < icl_lanes<A>::n; ++j) v[k++] = a[j];
  }
}
template <class V, class... A> V icl_literal(A... a) {
  V v;
  int k = 0;
  (icl_put(v, k, a), ...);
  return v;
}
template <class T> bool icl_msb(T x) {
  if constexpr (std::is_signed<T>::value) return x < 0;
  else return (x >> (sizeof(T) * 8 - 1)) != 0;
}
template <class T> T icl_vmin(T x, T y) { return y < x ? y : x; }
template <class T> T icl_vmax(T x, T y) { return x < y ? y : x; }
template <class T> typename std::make_unsigned<T>::type icl_vabs(T x) {
  using U = typename std::make_unsigned<T>::type;
  return x < 0 ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x);
}
// The geometric functions: products as mad's (each may be contracted, 1 ulp), the lengths in
// double rounded once within their bounds.
inline float icl_product(float a, float b, double ulp) { return icl_inexact(double(a * b), ulp); }
template <class V> float icl_dot(V a, V b, int n) {
  float s = icl_product(a[0], b[0], icl_ulp_dot);
  for (int i = 1; i < n; ++i) s = s + icl_product(a[i], b[i], icl_ulp_dot);
  return s;
}
template <class V> double icl_norm(V a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += double(a[i]) * double(a[i]);
  return std::sqrt(s);
}
template <class V> float icl_length(V a, int n) { return icl_inexact(icl_norm(a, n), icl_ulp_length); }
template <class V> float icl_distance(V a, V b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += (double(a[i]) - double(b[i])) * (double(a[i]) - double(b[i]));
  return icl_inexact(std::sqrt(s), icl_ulp_distance);
}
// A zero vector normalizes to zeros.
template <class V> V icl_normalize(V a, int n) {
  const double l = icl_norm(a, n);
  V r = a;
  if (l == 0) return r;
  for (int i = 0; i < n; ++i) r[i] = icl_inexact(double(a[i]) / l, icl_ulp_normalize);
  return r;
}
// cross of float4 has w = 0.
template <class V> V icl_cross(V a, V b) {
  V r = a - a;
  r[0] = icl_product(a[1], b[2], icl_ulp_cross) - icl_product(a[2], b[1], icl_ulp_cross);
  r[1] = icl_product(a[2], b[0], icl_ulp_cross) - icl_product(a[0], b[2], icl_ulp_cross);
  r[2] = icl_product(a[0], b[1], icl_ulp_cross) - icl_product(a[1], b[0], icl_ulp_cross);
  return r;
}
)ICLVEC";

}  // namespace

std::optional<VectorType> parse_vector_type(const std::string& name) {
  static const std::regex form("(u?(char|short|int|long)|uchar|ushort|uint|ulong|float)(2|3|4|8|16)");
  std::smatch m;
  if (!std::regex_match(name, m, form)) return std::nullopt;
  return VectorType{m[1].str(), std::stoi(m[3].str())};
}

long opencl_type_bytes(const std::string& t) {
  if (const auto v = parse_vector_type(t)) return opencl_type_bytes(v->element) * (v->lanes == 3 ? 4 : v->lanes);
  if (t == "uchar" || t == "char") return 1;
  if (t == "ushort" || t == "short") return 2;
  if (t == "long" || t == "ulong") return 8;
  return 4;
}

std::string vector_prelude() {
  std::ostringstream o;
  o << typedefs();
  for (const auto& f : overloads()) {
    o << f.result << " " << f.name << "(";
    for (std::size_t i = 0; i < f.args.size(); ++i) o << (i ? ", " : "") << f.args[i];
    o << ");\n";
  }
  return o.str();
}

std::string vector_reference_runtime(const std::set<std::string>& called) {
  std::ostringstream o;
  o << typedefs() << kReferenceHelpers;
  for (const char* e : kElements)
    for (const int n : kLanes)
      o << "template <class... A> " << vec(e, n) << " __icl_vec_" << vec(e, n) << "(A... a) { return icl_literal<"
        << vec(e, n) << ">(a...); }\n";
  for (const auto& f : overloads())
    if (called.count(f.name)) o << definition(f);
  return o.str();
}

}  // namespace filterlab::imagecl
