#pragma once
// A subcommand's options built from what the registry's entries declare (util/declared_options):
// each option once, with every owner's help and default, numbers checked by filterlab's value
// parser as they are read.
#include <CLI/CLI.hpp>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "util/declared_options.hpp"
#include "util/parse_value.hpp"

namespace filterlab::cli {

// (owner, spec): the owner names who declared it in the help ("scharr", "tiled").
using OwnedOption = std::pair<std::string, OptionSpec>;

// Adds each declared name once to `app`; what the user types lands in `typed` (name -> text; a flag
// as ""), checked against the first declaration's kind and range at parse time.
inline void add_declared_options(CLI::App* app, const std::vector<OwnedOption>& owned,
                                 std::map<std::string, std::string>& typed) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<OwnedOption>> by_name;
  for (const auto& o : owned) {
    if (!by_name.count(o.second.name)) order.push_back(o.second.name);
    by_name[o.second.name].push_back(o);
  }
  for (const auto& name : order) {
    const auto& decls = by_name[name];
    // "help (a, b); other help (c) [default: x]": who reads it and what each says.
    std::vector<std::pair<std::string, std::string>> helps;  // help -> owners
    std::map<std::string, std::string> defaults;             // default -> owners
    for (const auto& [owner, spec] : decls) {
      auto it = std::find_if(helps.begin(), helps.end(), [&](const auto& h) { return h.first == spec.help; });
      if (it == helps.end())
        helps.emplace_back(spec.help, owner);
      else if (it->second.find(owner) == std::string::npos)
        it->second += ", " + owner;
      if (spec.kind != OptionSpec::Kind::Flag && !spec.default_text.empty()) {
        auto& d = defaults[spec.default_text];
        if (d.find(owner) == std::string::npos) d += (d.empty() ? "" : ", ") + owner;
      }
    }
    std::string help;
    for (const auto& [text, owners] : helps) help += (help.empty() ? "" : "; ") + text + " (" + owners + ")";
    if (defaults.size() == 1)
      help += " [default: " + defaults.begin()->first + "]";
    else if (!defaults.empty()) {
      help += " [default:";
      for (const auto& [value, owners] : defaults) help += " " + value + " for " + owners + ";";
      help.back() = ']';
    }
    const OptionSpec& first = decls.front().second;
    auto* typed_map = &typed;
    switch (first.kind) {
      case OptionSpec::Kind::Flag:
        app->add_flag_function(
            name, [typed_map, name](std::int64_t) { (*typed_map)[name] = ""; }, help);
        break;
      case OptionSpec::Kind::Integer:
        app->add_option_function<std::string>(
               name,
               [typed_map, first](const std::string& text) {
                 parse_integer(text, first.name, static_cast<long>(first.min), static_cast<long>(first.max),
                               first.accepted);
                 (*typed_map)[first.name] = text;
               },
               help)
            ->type_name("INT");
        break;
      case OptionSpec::Kind::Number:
        app->add_option_function<std::string>(
               name,
               [typed_map, first](const std::string& text) {
                 parse_number(text, first.name, first.min, first.max);
                 (*typed_map)[first.name] = text;
               },
               help)
            ->type_name("NUMBER");
        break;
      case OptionSpec::Kind::Text:
        app->add_option_function<std::string>(
            name, [typed_map, name](const std::string& text) { (*typed_map)[name] = text; }, help);
        break;
    }
  }
}

}  // namespace filterlab::cli
