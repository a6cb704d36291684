#include "util/declared_options.hpp"

#include <algorithm>
#include <sstream>

#include "error.hpp"
#include "util/parse_value.hpp"

namespace filterlab {

namespace {
std::string shortest(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}
}  // namespace

OptionSpec OptionSpec::text(std::string name, std::string help, std::string default_text) {
  return {std::move(name), Kind::Text, std::move(help), std::move(default_text), 0, 0, ""};
}
OptionSpec OptionSpec::integer(std::string name, std::string help, long default_value, long min, long max,
                               std::string accepted) {
  return {std::move(name),          Kind::Integer,
          std::move(help),          std::to_string(default_value),
          static_cast<double>(min), static_cast<double>(max),
          std::move(accepted)};
}
OptionSpec OptionSpec::number(std::string name, std::string help, double default_value, double min, double max) {
  return {std::move(name), Kind::Number, std::move(help), shortest(default_value), min, max, ""};
}
OptionSpec OptionSpec::flag(std::string name, std::string help) {
  return {std::move(name), Kind::Flag, std::move(help), "", 0, 0, ""};
}

OptionValues::OptionValues(std::vector<OptionSpec> specs, std::map<std::string, std::string> typed)
    : specs_(std::move(specs)), typed_(std::move(typed)) {}

const OptionSpec& OptionValues::spec(const std::string& name) const {
  const auto it = std::find_if(specs_.begin(), specs_.end(), [&](const OptionSpec& s) { return s.name == name; });
  if (it == specs_.end()) throw Error("internal: option " + name + " is read but not declared");
  return *it;
}

bool OptionValues::given(const std::string& name) const {
  spec(name);
  return typed_.count(name) > 0;
}

std::string OptionValues::text(const std::string& name) const {
  const auto& s = spec(name);
  const auto it = typed_.find(name);
  return it == typed_.end() ? s.default_text : it->second;
}

long OptionValues::integer(const std::string& name) const {
  const auto& s = spec(name);
  return parse_integer(text(name), name, static_cast<long>(s.min), static_cast<long>(s.max), s.accepted);
}

double OptionValues::number(const std::string& name) const {
  const auto& s = spec(name);
  return parse_number(text(name), name, s.min, s.max);
}

bool OptionValues::flag(const std::string& name) const { return given(name); }

std::string option_names(const std::vector<OptionSpec>& specs) {
  std::string out;
  for (const auto& s : specs) out += (out.empty() ? "" : " ") + s.name;
  return out.empty() ? "no options" : out;
}

std::string undeclared(const std::vector<OptionSpec>& specs, const std::map<std::string, std::string>& typed) {
  std::string out;
  for (const auto& [name, value] : typed)
    if (std::none_of(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; }))
      out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace filterlab
