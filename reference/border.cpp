// Border index mapping in closed form (no loops), so the same arithmetic ports to an OpenCL kernel.
#include "border.hpp"

#include <stdexcept>

namespace filterlab::ref {

namespace {

constexpr std::array<std::string_view, 5> kNames = {"constant", "replicate", "reflect", "wrap", "reflect101"};

// Non-negative remainder; 64-bit so that 2*len and p near INT_MIN cannot overflow.
long long mod_pos(long long p, long long m) {
  const long long r = p % m;
  return r < 0 ? r + m : r;
}

}  // namespace

std::string_view border_name(Border b) {
  const int i = static_cast<int>(b);
  if (i < 0 || i >= static_cast<int>(kNames.size())) throw std::invalid_argument("border_name: unknown border value");
  return kNames[static_cast<std::size_t>(i)];
}

std::optional<Border> parse_border(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<Border>(i);
  }
  return std::nullopt;
}

std::string border_names_list() {
  std::string out;
  for (const auto n : kNames) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

int border_index(int p, int len, Border b) {
  if (len < 1) throw std::invalid_argument("border_index: len must be >= 1");
  if (p >= 0 && p < len) return p;
  switch (b) {
    case Border::Constant:
      return -1;
    case Border::Replicate:
      return p < 0 ? 0 : len - 1;
    case Border::Wrap:
      return static_cast<int>(mod_pos(p, len));
    case Border::Reflect: {
      // Mirror image repeats with period 2n: q in [0, n) reads q, q in [n, 2n) reads 2n-1-q.
      const long long n = len;
      const long long q = mod_pos(p, 2 * n);
      return static_cast<int>(q < n ? q : 2 * n - 1 - q);
    }
    case Border::Reflect101: {
      // Edge pixel not repeated, so the period is 2n-2; it degenerates to 0 for n == 1.
      if (len == 1) return 0;
      const long long n = len;
      const long long q = mod_pos(p, 2 * n - 2);
      return static_cast<int>(q < n ? q : 2 * n - 2 - q);
    }
  }
  throw std::invalid_argument("border_index: unknown border value");
}

}  // namespace filterlab::ref
