#include "ocl/build_log.hpp"

#include <regex>

namespace filterlab::ocl {

std::string source_location(const std::vector<SourceSpan>& spans, int line) {
  for (const auto& s : spans)
    if (line >= s.first_line && line < s.first_line + s.lines)
      return s.file + ":" + std::to_string(line - s.first_line + 1);
  return "";
}

std::string map_build_log(const std::string& log, const std::vector<SourceSpan>& spans) {
  // A location is a path-like token (no spaces, no ':') followed by :LINE:COL:.
  static const std::regex location(R"(([^\s:'"]+):([0-9]+):([0-9]+):)");
  std::string out;
  auto last = log.cbegin();
  for (std::sregex_iterator it(log.begin(), log.end(), location), end; it != end; ++it) {
    const auto& m = *it;
    out.append(last, m[0].first);
    const std::string mapped = source_location(spans, std::stoi(m[2].str()));
    out += mapped.empty() ? m[0].str() : mapped + ":" + m[3].str() + ":";
    last = m[0].second;
  }
  out.append(last, log.cend());
  return out;
}

}  // namespace filterlab::ocl
