#include "util/parse_value.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "error.hpp"

namespace filterlab {
namespace {

std::string shown(const std::string& text) {
  return "'" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "'";
}

// "WHAT 'TEXT'", or "WHAT='TEXT'" when `what` ends in '=' (a kernel argument: "--args gain=").
std::string label(const std::string& what, const std::string& text) {
  return what + (!what.empty() && what.back() == '=' ? "" : " ") + shown(text);
}

std::string list(const std::vector<long>& allowed) {
  std::string s;
  for (std::size_t i = 0; i < allowed.size(); ++i)
    s += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + std::to_string(allowed[i]);
  return s;
}

// The whole text as a plain base-10 integer: `out` set and "" returned, else why not. "010" is
// refused rather than read as 10: C, CLI11 and shells read it as octal 8.
std::string read_integer(const std::string& text, long& out) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return "is not an integer";
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (end != text.c_str() + text.size()) return "is not an integer";
  if (errno == ERANGE) return "is out of range";
  const auto first_digit = text.find_first_not_of("+-");
  if (text.size() - first_digit > 1 && text[first_digit] == '0')
    return "has a leading zero (010 is octal 8 to C and to some tools)";
  out = v;
  return "";
}

}  // namespace

long parse_integer(const std::string& text, const std::string& what, long min, long max,
                   const std::string& accepted_text) {
  const std::string accepted =
      accepted_text.empty() ? "an integer from " + std::to_string(min) + " to " + std::to_string(max) : accepted_text;
  long v = 0;
  if (const auto problem = read_integer(text, v); !problem.empty())
    throw Error(label(what, text) + " " + problem, "give " + accepted);
  if (v < min || v > max) throw Error(label(what, text) + " is out of range", "give " + accepted);
  return v;
}

long parse_integer_in(const std::string& text, const std::string& what, const std::vector<long>& allowed) {
  long v = 0;
  if (const auto problem = read_integer(text, v); !problem.empty())
    throw Error(label(what, text) + " " + problem, "give " + list(allowed));
  for (long a : allowed)
    if (v == a) return v;
  throw Error(label(what, text) + " is not supported", "give " + list(allowed));
}

double parse_number(const std::string& text, const std::string& what, double min, double max) {
  std::ostringstream range;
  range << "a finite number from " << min << " to " << max;
  const bool plain = !text.empty() && text.find_first_not_of("0123456789+-.eE") == std::string::npos;
  errno = 0;
  char* end = nullptr;
  const double v = plain ? std::strtod(text.c_str(), &end) : 0.0;
  if (!plain || errno == ERANGE || end != text.c_str() + text.size() || !std::isfinite(v))
    throw Error(label(what, text) + " is not a finite number", "give " + range.str());
  if (v < min || v > max) throw Error(label(what, text) + " is out of range", "give " + range.str());
  return v;
}

std::vector<long> parse_integer_list(const std::string& text, const std::string& what, char sep, std::size_t count,
                                     long min, long max, const std::string& form) {
  std::vector<std::string> parts(1);
  for (char c : text) {
    if (c == sep)
      parts.emplace_back();
    else
      parts.back().push_back(c);
  }
  if (parts.size() != count) throw Error(label(what, text) + " is not " + form);
  std::vector<long> out;
  const std::string range =
      "give integers from " + std::to_string(min) + " to " + std::to_string(max) + " (" + form + ")";
  for (const auto& p : parts) {
    long v = 0;
    if (const auto problem = read_integer(p, v); !problem.empty())
      throw Error(label(what, text) + ": " + shown(p) + " " + problem,
                  problem == "is out of range" ? range : "give " + form);
    if (v < min || v > max) throw Error(label(what, text) + ": " + shown(p) + " is out of range", range);
    out.push_back(v);
  }
  return out;
}

namespace {

struct IntegerType {
  const char* name;
  long min, max;
};
// The OpenCL C integer types a kernel's scalars and arrays may have (ImageCL's set).
constexpr IntegerType kIntegerTypes[] = {{"uchar", 0, 255},
                                         {"char", -128, 127},
                                         {"ushort", 0, 65535},
                                         {"short", -32768, 32767},
                                         {"int", -2147483648L, 2147483647L},
                                         {"uint", 0, 4294967295L}};

}  // namespace

double parse_typed_number(const std::string& text, const std::string& what, const std::string& type) {
  if (type == "bool") {
    if (text == "true") return 1.0;
    if (text == "false") return 0.0;
    return static_cast<double>(parse_integer(text, what, 0, 1, "0, 1, true or false (the kernel's bool)"));
  }
  // 64-bit integers pass through a double: beyond 2^53 a value would silently change.
  constexpr long kExactInDouble = 9007199254740992L;  // 2^53
  if (type == "long" || type == "ulong") {
    const long lo = type == "long" ? -kExactInDouble : 0;
    return static_cast<double>(parse_integer(text, what, lo, kExactInDouble,
                                             "an integer from " + std::to_string(lo) +
                                                 " to 2^53 = " + std::to_string(kExactInDouble) + " (the kernel's " +
                                                 type + ", passed exactly only up to 2^53)"));
  }
  for (const auto& t : kIntegerTypes)
    if (type == t.name)
      return static_cast<double>(parse_integer(text, what, t.min, t.max,
                                               "an integer from " + std::to_string(t.min) + " to " +
                                                   std::to_string(t.max) + " (the kernel's " + type + ")"));
  // A float: finite as a float too (1e39 would become inf on the device).
  if (type == "float")
    return parse_number(text, what, -std::numeric_limits<float>::max(), std::numeric_limits<float>::max());
  throw Error(what + " has the type '" + type + "', which FilterLab cannot pass",
              "use float, bool, uchar, char, ushort, short, int, uint, long or ulong in the kernel");
}

std::pair<long, long> parse_image_size(const std::string& text, const std::string& what, long max_side,
                                       long long max_pixels, const std::string& form) {
  const auto v = parse_integer_list(text, what, 'x', 2, 1, max_side, form);
  const long long pixels = static_cast<long long>(v[0]) * v[1];
  if (pixels > max_pixels) {
    const auto side = static_cast<long long>(std::sqrt(static_cast<double>(max_pixels)));
    throw Error(what + " " + shown(text) + " is " + std::to_string(pixels) + " pixels, above the limit of " +
                    std::to_string(max_pixels) + " pixels (" + std::to_string(side) + "x" + std::to_string(side) + ")",
                "give a smaller " + form);
  }
  return {v[0], v[1]};
}

std::optional<long> env_integer(const char* name, long min, long max) {
  const char* env = std::getenv(name);
  if (!env) return std::nullopt;
  return parse_integer(env, std::string("environment variable ") + name, min, max);
}

std::optional<long> env_integer_in(const char* name, const std::vector<long>& allowed) {
  const char* env = std::getenv(name);
  if (!env) return std::nullopt;
  return parse_integer_in(env, std::string("environment variable ") + name, allowed);
}

}  // namespace filterlab
