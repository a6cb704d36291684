#include "pragma_rules.hpp"

#include <clang/Basic/SourceManager.h>

#include <cctype>
#include <optional>
#include <regex>
#include <string>

#include "limits.hpp"

namespace filterlab::imagecl {
namespace {

std::optional<long> parse_long(const std::string& s) {
  try {
    std::size_t used = 0;
    const long v = std::stol(s, &used);
    if (used == s.size()) return v;
  } catch (...) {
  }
  return std::nullopt;
}

}  // namespace

void apply_pragmas(clang::ASTContext& ctx, Reporter& rep, const std::vector<PragmaDirective>& pragmas, Analysis& a) {
  auto& m = a.model;
  const auto need = [&](const PragmaDirective& d, std::size_t n, const char* form) {
    if (d.args.size() == n) return true;
    rep.error(d.loc, "#pragma imagecl " + d.keyword + " takes " + form);
    return false;
  };
  for (const auto& d : pragmas) {
    if (d.keyword == "grid") {
      // grid(a, b, ...): Images of one size; grid(W, H) or grid(W, H, D): a fixed grid.
      bool any_number = false;
      for (const auto& arg : d.args)
        any_number =
            any_number || (!arg.empty() && (std::isdigit(static_cast<unsigned char>(arg[0])) || arg[0] == '-'));
      if (!any_number) {
        bool ok = true;
        for (const auto& arg : d.args)
          if (!m.image(arg)) {
            rep.error(d.loc, "grid(" + arg +
                                 "): no Image parameter of that name (the grid names Images of one size, or "
                                 "gives sizes: grid(640, 480))");
            ok = false;
          }
        if (ok && d.args.size() > 1)
          for (const auto& arg : d.args)
            if (m.image(arg)->dims != m.image(d.args[0])->dims)
              rep.error(d.loc,
                        "grid(" + d.args[0] + ", " + arg + "): the Images of a grid must have the same dimensions"),
                  ok = false;
        m.grid_image = d.args[0];
        m.grid_images = d.args;
      } else if (d.args.size() == 2 || d.args.size() == 3) {
        const auto w = parse_long(d.args[0]), h = parse_long(d.args[1]);
        const auto z = d.args.size() == 3 ? parse_long(d.args[2]) : std::optional<long>(1);
        if (!w || !h || !z || *w <= 0 || *h <= 0 || *z <= 0) {
          rep.error(d.loc, "grid(W, H) and grid(W, H, D) need positive integer sizes (or only Image names: grid(out))");
        } else {
          long long pixels = 0;
          if (__builtin_mul_overflow(static_cast<long long>(*w), static_cast<long long>(*h), &pixels) ||
              __builtin_mul_overflow(pixels, static_cast<long long>(*z), &pixels) || pixels > kMaxGridPixels)
            rep.error(d.loc, "grid of " + d.args[0] + " x " + d.args[1] +
                                 (d.args.size() == 3 ? " x " + d.args[2] : "") + " logical threads is more than " +
                                 std::to_string(kMaxGridPixels) +
                                 " (2^31 - 1): idx, idy and idz are "
                                 "int and the launch would overflow; use a smaller grid");
          m.grid_width = *w, m.grid_height = *h, m.grid_depth = *z;
          m.grid_dims = static_cast<int>(d.args.size());
        }
      } else {
        rep.error(d.loc,
                  "#pragma imagecl grid takes Image names or sizes: grid(out), grid(a, b), grid(640, 480) or grid(64, "
                  "64, 32)");
      }
    } else if (d.keyword == "boundary" || d.keyword == "boundary_cond") {
      // boundary(img, constant, v) | boundary(img, clamped|reflect101|reflect|wrap), or the
      // authors' boundary_cond(img:constant, img2:clamped, ...) (constant means 0).
      std::vector<std::vector<std::string>> items;
      if (d.keyword == "boundary") {
        items.push_back(d.args);
      } else {
        for (const auto& arg : d.args) {
          const auto colon = arg.find(':');
          if (colon == std::string::npos) {
            rep.error(d.loc,
                      "boundary_cond(" + arg +
                          "): write Image:constant, Image:clamped, Image:reflect101, Image:reflect or Image:wrap");
            continue;
          }
          const auto kind = arg.substr(colon + 1);
          items.push_back(kind == "constant" ? std::vector<std::string>{arg.substr(0, colon), kind, "0"}
                                             : std::vector<std::string>{arg.substr(0, colon), kind});
        }
      }
      static const std::regex number("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?[fF]?");
      for (const auto& args : items) {
        if (args.size() < 2) {
          rep.error(
              d.loc,
              "#pragma imagecl boundary takes (Image, constant, value) or (Image, clamped|reflect101|reflect|wrap)");
          continue;
        }
        ImageInfo* img = nullptr;
        for (auto& i : m.images)
          if (i.name == args[0]) img = &i;
        if (!img) {
          rep.error(d.loc, "boundary(" + args[0] + ", ...): no Image parameter of that name");
          continue;
        }
        if (args[1] == "constant" && args.size() == 3 && !std::regex_match(args[2], number))
          rep.error(d.loc, "boundary(" + args[0] + ", constant, " + args[2] +
                               "): the value must be a number such as 0, -1 or 0.5f "
                               "(it is copied into the generated code)");
        else if (args[1] == "constant" && args.size() == 3)
          img->boundary = BoundaryKind::Constant, img->boundary_value = args[2];
        else if (args[1] == "clamped" && args.size() == 2)
          img->boundary = BoundaryKind::Clamped;
        else if (args[1] == "reflect101" && args.size() == 2)
          img->boundary = BoundaryKind::Reflect101;
        else if (args[1] == "reflect" && args.size() == 2)
          img->boundary = BoundaryKind::Reflect;
        else if (args[1] == "wrap" && args.size() == 2)
          img->boundary = BoundaryKind::Wrap;
        else
          rep.error(d.loc, "unknown boundary '" + args[1] + "': use boundary(" + args[0] + ", constant, 0), boundary(" +
                               args[0] + ", clamped), boundary(" + args[0] + ", reflect101), boundary(" + args[0] +
                               ", reflect) or boundary(" + args[0] + ", wrap) (OpenCV's five borders)");
      }
    } else if (d.keyword == "bound") {
      if (!need(d, 2, "(array, elements)")) continue;
      const auto n = parse_long(d.args[1]);
      bool found = false;
      for (auto& arr : m.arrays)
        if (arr.name == d.args[0]) found = true, arr.bound = n ? *n : -1;
      if (!found) rep.error(d.loc, "bound(" + d.args[0] + ", ...): no array parameter of that name");
      if (!n || *n <= 0)
        rep.error(d.loc, "bound(" + d.args[0] + ", " + d.args[1] + "): the bound must be a positive integer");
    } else if (d.keyword == "weights") {
      // weights(array, v1, v2, ...): the array argument's values, known when the kernel is written.
      if (d.args.size() < 2 || d.args[0].empty()) {
        rep.error(d.loc, "#pragma imagecl weights takes (array, value, value, ...): the array's values in order");
        continue;
      }
      ArrayInfo* arr = nullptr;
      for (auto& x : m.arrays)
        if (x.name == d.args[0]) arr = &x;
      if (!arr) {
        rep.error(d.loc, "weights(" + d.args[0] + ", ...): no array parameter of that name");
        continue;
      }
      if (!arr->literal.empty()) {
        rep.error(d.loc, "weights(" + d.args[0] + ", ...) is given twice: keep one");
        continue;
      }
      const bool integral = arr->element != "float";
      static const std::regex integer("[-+]?[0-9]+"), real("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?[fF]?");
      std::vector<std::string> values(d.args.begin() + 1, d.args.end());
      bool ok = true;
      for (const auto& v : values)
        if (!std::regex_match(v, integral ? integer : real)) {
          rep.error(d.loc, "weights(" + d.args[0] + ", ...): '" + v + "' is not " +
                               (integral ? "an integer" : "a number") + " (write the values as literals: 1, -2, 0.25f" +
                               (integral ? "; the elements are " + arr->element : "") + ")");
          ok = false;
        }
      if (ok) arr->literal = values;
    } else if (d.keyword == "force") {
      const bool named = d.args.size() == 3, unnamed = d.args.size() == 2;
      const std::string onoff = d.args.empty() ? "" : d.args.back();
      if ((!named && !unnamed) || (onoff != "on" && onoff != "off")) {
        rep.error(d.loc,
                  "#pragma imagecl force takes (local_memory|image_memory|constant_memory, name, on|off), "
                  "(interleaved, on|off) or (unroll, on|off) before a loop");
        continue;
      }
      const int value = onoff == "on" ? 1 : 0;
      const auto& what = d.args[0];
      if (named && (what == "local_memory" || what == "image_memory" || what == "constant_memory")) {
        const std::string key = what.substr(0, what.find('_')) + ":" + d.args[1];
        if (what == "constant_memory" ? !m.array(d.args[1]) : !m.image(d.args[1]))
          rep.error(d.loc, "force(" + what + ", " + d.args[1] + "): no " +
                               (what == "constant_memory" ? "array" : "Image") + " parameter of that name");
        m.forced[key] = value;
      } else if (unnamed && what == "interleaved") {
        m.forced["interleaved"] = value;
      } else if (unnamed && what == "unroll") {
        // Applies to the first loop after the pragma.
        const unsigned line = ctx.getSourceManager().getPresumedLoc(d.loc).getLine();
        const LoopInfo* next = nullptr;
        for (const auto& l : m.loops)
          if (l.line > line && (!next || l.line < next->line)) next = &l;
        if (!next)
          rep.error(d.loc, "force(unroll, ...) must precede a for loop");
        else
          m.forced["unroll:" + std::to_string(next->id)] = value;
      } else {
        rep.error(d.loc, "force(" + what +
                             ", ...): unknown optimisation (local_memory, image_memory, "
                             "constant_memory, interleaved, unroll)");
      }
    } else {
      rep.error(d.loc, "unknown ImageCL pragma '" + (d.keyword == "?" ? d.args[0] : d.keyword) +
                           "': use grid, boundary, bound, weights or force with arguments in parentheses");
    }
  }
}

}  // namespace filterlab::imagecl
