#pragma once
// Numeric command-line options read through filterlab's one value parser (util/parse_value)
// instead of CLI11's conversion, which takes "0x10" as 16, "-1" as a huge unsigned count and
// "nan" as a number. A bad value is a filterlab::Error naming the option and what it accepts.
#include <CLI/CLI.hpp>
#include <sstream>
#include <string>

#include "util/parse_value.hpp"

namespace filterlab::cli {

template <class Int>
CLI::Option* add_integer(CLI::App* app, const std::string& name, Int& target, long min, long max, std::string help,
                         bool show_default = false, const std::string& accepted = "") {
  if (show_default) help += " [default: " + std::to_string(target) + "]";
  auto* opt = app->add_option_function<std::string>(
      name,
      [&target, name, min, max, accepted](const std::string& text) {
        target = static_cast<Int>(parse_integer(text, name, min, max, accepted));
      },
      help);
  return opt->type_name("INT");
}

inline CLI::Option* add_number(CLI::App* app, const std::string& name, double& target, double min, double max,
                               const std::string& help) {
  return app
      ->add_option_function<std::string>(
          name, [&target, name, min, max](const std::string& text) { target = parse_number(text, name, min, max); },
          help)
      ->type_name("NUMBER");
}

// The same for a float target (filter --border-value).
inline CLI::Option* add_number(CLI::App* app, const std::string& name, float& target, double min, double max,
                               const std::string& help) {
  return app
      ->add_option_function<std::string>(
          name,
          [&target, name, min, max](const std::string& text) {
            target = static_cast<float>(parse_number(text, name, min, max));
          },
          help)
      ->type_name("NUMBER");
}

}  // namespace filterlab::cli
