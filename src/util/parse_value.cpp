#include "util/parse_value.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "error.hpp"

namespace filterlab {
namespace {

std::string shown(const std::string& text) { return "'" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "'"; }

std::string list(const std::vector<long>& allowed) {
  std::string s;
  for (std::size_t i = 0; i < allowed.size(); ++i)
    s += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + std::to_string(allowed[i]);
  return s;
}

// The whole text as a base-10 integer, or nullopt (empty, trailing characters, overflow).
std::optional<long> whole_integer(const std::string& text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (errno == ERANGE || end != text.c_str() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

long parse_integer(const std::string& text, const std::string& what, long min, long max, const std::string& accepted_text) {
  const std::string accepted =
      accepted_text.empty() ? "an integer from " + std::to_string(min) + " to " + std::to_string(max) : accepted_text;
  const auto v = whole_integer(text);
  if (!v) throw Error(what + " " + shown(text) + " is not an integer", "give " + accepted);
  if (*v < min || *v > max) throw Error(what + " " + shown(text) + " is out of range", "give " + accepted);
  return *v;
}

long parse_integer_in(const std::string& text, const std::string& what, const std::vector<long>& allowed) {
  const auto v = whole_integer(text);
  if (!v) throw Error(what + " " + shown(text) + " is not an integer", "give " + list(allowed));
  for (long a : allowed)
    if (*v == a) return *v;
  throw Error(what + " " + shown(text) + " is not supported", "give " + list(allowed));
}

double parse_number(const std::string& text, const std::string& what, double min, double max) {
  std::ostringstream range;
  range << "a finite number from " << min << " to " << max;
  const bool plain = !text.empty() && text.find_first_not_of("0123456789+-.eE") == std::string::npos;
  errno = 0;
  char* end = nullptr;
  const double v = plain ? std::strtod(text.c_str(), &end) : 0.0;
  if (!plain || errno == ERANGE || end != text.c_str() + text.size() || !std::isfinite(v))
    throw Error(what + " " + shown(text) + " is not a finite number", "give " + range.str());
  if (v < min || v > max) throw Error(what + " " + shown(text) + " is out of range", "give " + range.str());
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
  if (parts.size() != count) throw Error(what + " " + shown(text) + " is not " + form);
  std::vector<long> out;
  for (const auto& p : parts) {
    const auto v = whole_integer(p);
    if (!v) throw Error(what + " " + shown(text) + ": " + shown(p) + " is not an integer", "give " + form);
    if (*v < min || *v > max)
      throw Error(what + " " + shown(text) + ": " + shown(p) + " is out of range",
                  "give integers from " + std::to_string(min) + " to " + std::to_string(max) + " (" + form + ")");
    out.push_back(*v);
  }
  return out;
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
