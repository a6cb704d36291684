#include "experiments/sampler_table.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

namespace filterlab {
namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  return out;
}

// The article prints plain values; a suffix marks what the oracle said where it is not "float32".
const char* mark(ref::Verdict v) {
  switch (v) {
    case ref::Verdict::Float32:
      return " ";
    case ref::Verdict::Neighbour:
      return "~";
    case ref::Verdict::Wrong:
      return "!";
    case ref::Verdict::Undefined:
      return "?";
  }
  return " ";
}

}  // namespace

std::string article_table_text(const ArticleRun& run) {
  std::string out = "  coords";
  std::string rule = "---------";
  std::vector<std::size_t> widths;
  for (const auto& col : run.columns) {
    const std::string head = upper(ref::address_mode_name(col.mode));
    widths.push_back(head.size());
    out += " | " + head;
    rule += "|" + std::string(head.size() + 2, '-');
  }
  out += "\n" + rule + "\n";
  std::map<ref::Verdict, int> counts;
  for (std::size_t j = 0; j < run.k.size(); ++j) {
    char coord[32];
    std::snprintf(coord, sizeof coord, "%8.5f", static_cast<double>(run.columns.front().entries[j].point.x));
    out += coord;
    for (std::size_t c = 0; c < run.columns.size(); ++c) {
      const auto& e = run.columns[c].entries[j];
      char cell[64];
      std::snprintf(cell, sizeof cell, " | %*g%s", static_cast<int>(widths[c]) - 1, static_cast<double>(e.value),
                    mark(e.verdict));
      out += cell;
      ++counts[e.verdict];
    }
    out += "\n";
  }
  out += "verdicts: " + std::to_string(counts[ref::Verdict::Float32]) + " float32 formula, " +
         std::to_string(counts[ref::Verdict::Neighbour]) + " neighbour at an edge (~), " +
         std::to_string(counts[ref::Verdict::Wrong]) + " wrong (!), " +
         std::to_string(counts[ref::Verdict::Undefined]) + " undefined (?)\n";
  return out;
}

}  // namespace filterlab
